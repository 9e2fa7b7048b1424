/// Keeps every accepted bid durably (server side).
public protocol BidLedger: AnyObject, Sendable {
    /// Records bids in one durable commit; returns only once they survive a crash.
    func record(_ bids: [AcceptedBid]) throws
    /// Every product's current price as recorded, for restoring state at start.
    func currentPrices() throws -> [ProductID: Money]
    /// All recorded bids of a product, oldest first.
    func bids(for productID: ProductID) throws -> [AcceptedBid]
}
