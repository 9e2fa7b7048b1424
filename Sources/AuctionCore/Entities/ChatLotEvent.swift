/// Something that happened to a lot, told inline in its chat room (`product-N`), as the server decided it.
public struct ChatLotEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// A bid was accepted (`price`, `bidder`, `automatic`).
        case bid
        /// Soft close moved the end (`endsAt`).
        case extended
        /// The auction ended with a winner (`price`, `bidder`: the winner).
        case sold
        /// The auction ended without a sale (`price`: where it stood).
        case ended
    }

    /// The room, `product-N`.
    public var room: String
    /// The lot.
    public var productID: ProductID
    /// What happened.
    public var kind: Kind
    /// The price it happened at (nil for an extension).
    public var price: Money?
    /// The bidder or winner, shortened as a public bid history shows them (`al…e`); nil when not said.
    public var bidder: String?
    /// Whether the server placed the bid from a proxy maximum.
    public var isAutomatic: Bool
    /// The new end, for an extension.
    public var endsAt: Timestamp?
    /// When it happened (the server's clock).
    public var time: Timestamp

    /// Creates an event.
    public init(room: String, productID: ProductID, kind: Kind, price: Money? = nil, bidder: String? = nil, isAutomatic: Bool = false,
                endsAt: Timestamp? = nil, time: Timestamp) {
        self.room = room
        self.productID = productID
        self.kind = kind
        self.price = price
        self.bidder = bidder
        self.isAutomatic = isAutomatic
        self.endsAt = endsAt
        self.time = time
    }
}
