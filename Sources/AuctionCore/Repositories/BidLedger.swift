/// Keeps every accepted bid durably (server side): the seam between the bid path and a store.
/// The server's socket service submits through it; SQLite is one conformance (PostgreSQL can be
/// another). `Failure` is the store's error type.
public protocol BidLedger<Failure>: AnyObject, Sendable {
    /// What a store reports when it cannot keep bids.
    associatedtype Failure: Error

    /// Queues bids that must commit together; `completion` runs once after that commit (or with
    /// its error), on any thread. After `shutdown` it runs at once with an error.
    func submit(_ bids: [AcceptedBid], completion: @escaping @Sendable (Result<Void, Failure>) -> Void)
    /// Queues bids with the lot changes they cause (maximums, moved ends, buy-now), to commit together.
    func submit(_ bids: [AcceptedBid], changes: [LotChange], completion: @escaping @Sendable (Result<Void, Failure>) -> Void)
    /// Records bids in one durable commit; returns only once they survive a crash.
    func record(_ bids: [AcceptedBid]) throws(Failure)
    /// Every product's current price as recorded, for restoring state at start.
    func currentPrices() throws(Failure) -> [ProductID: Money]
    /// All recorded bids of a product, oldest first.
    func bids(for productID: ProductID) throws(Failure) -> [AcceptedBid]
    /// Commits what is queued, then refuses new submissions.
    func shutdown()
}

extension BidLedger {
    /// Queues bids with the lot changes they cause, all to commit together. A store that keeps no
    /// lot terms (a test's memory store) commits the bids alone.
    public func submit(_ bids: [AcceptedBid], changes: [LotChange],
                       completion: @escaping @Sendable (Result<Void, Failure>) -> Void) {
        submit(bids, completion: completion)
    }
}
