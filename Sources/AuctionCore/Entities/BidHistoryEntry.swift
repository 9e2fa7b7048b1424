/// One accepted bid as a product's public bid history shows it (`GET /products/{id}/bids`).
public struct BidHistoryEntry: Hashable, Sendable {
    /// When the bid was accepted.
    public var time: Timestamp
    /// The bidder's name shortened by the server (`al…e`), in full on the viewer's own bids; nil for an anonymous bid.
    public var bidder: String?
    /// The price the bid set.
    public var price: Money
    /// Whether a proxy placed it automatically (a step of someone's maximum).
    public var isAutomatic: Bool
    /// The bid's id (what `auction mod retract` names), when the server says.
    public var id: Int64?
    /// Whether a moderator retracted it (it no longer counts; shown struck out).
    public var isRetracted: Bool
    /// Whether it is the price a retraction set (no bidder placed it).
    public var isRepricing: Bool
    /// Whether the viewer placed it (the server says so to the token's holder, `"you": true`).
    public var isViewers = false

    /// Creates an entry.
    public init(time: Timestamp, bidder: String?, price: Money, isAutomatic: Bool, id: Int64? = nil, isRetracted: Bool = false,
                isRepricing: Bool = false) {
        self.time = time
        self.bidder = bidder
        self.price = price
        self.isAutomatic = isAutomatic
        self.id = id
        self.isRetracted = isRetracted
        self.isRepricing = isRepricing
    }
}
