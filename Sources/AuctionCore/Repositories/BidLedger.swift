/// Keeps every accepted bid durably (server side): the seam between the bid path and a store.
/// The server's socket service submits through it; SQLite and PostgreSQL conform alike, and each
/// commit answers with a `CommitOutcome`. `Failure` is the store's error type.
public protocol BidLedger<Failure>: AnyObject, Sendable {
    /// What a store reports when it cannot keep bids.
    associatedtype Failure: Error & Sendable

    /// Queues a submission to commit as one; `completion` runs once after that commit (or with
    /// why it was not stored), on any thread. After `shutdown` it runs at once, `.unavailable`.
    func submit(_ submission: LedgerSubmission, completion: @escaping @Sendable (CommitOutcome<Failure>) -> Void)
    /// Records bids in one durable commit; returns only once they survive a crash.
    func record(_ bids: [AcceptedBid]) throws(Failure)
    /// Every product's current price as recorded, for restoring state at start.
    func currentPrices() throws(Failure) -> [ProductID: Money]
    /// All recorded bids of a product, oldest first.
    func bids(for productID: ProductID) throws(Failure) -> [AcceptedBid]
    /// Commits what is queued, then refuses new submissions.
    func shutdown()
}
