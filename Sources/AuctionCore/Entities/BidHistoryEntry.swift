/// One accepted bid as a product's public bid history shows it (`GET /products/{id}/bids`).
public struct BidHistoryEntry: Hashable, Sendable {
    /// When the bid was accepted.
    public var time: Timestamp
    /// The bidder's name shortened by the server (`al…e`); nil for an anonymous bid.
    public var bidder: String?
    /// The price the bid set.
    public var price: Money
    /// Whether a proxy placed it automatically (a step of someone's maximum).
    public var isAutomatic: Bool

    /// Creates an entry.
    public init(time: Timestamp, bidder: String?, price: Money, isAutomatic: Bool) {
        self.time = time
        self.bidder = bidder
        self.price = price
        self.isAutomatic = isAutomatic
    }
}
