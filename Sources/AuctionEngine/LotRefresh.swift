import AuctionCore

/// One lot's state as the shared store holds it, read after a conflict (another node moved it):
/// what `AuctionBook.refresh(_:)` puts in place of the book's own copy.
public struct LotRefresh: Hashable, Sendable {
    /// The product.
    public var productID: ProductID
    /// The stored current price.
    public var price: Money
    /// The change its last bid made.
    public var lastChange: Money
    /// When the price last changed.
    public var lastChangeAt: Timestamp?
    /// Who made the latest stored bid (nil: none, or anonymous).
    public var leader: UserID?
    /// The leader's stored proxy maximum, when there is one.
    public var leaderMaximum: Money?
    /// How many bids are stored (the product's `bid_count`).
    public var bidCount: Int
    /// When bidding ends, as stored (soft close on another node may have moved it).
    public var endsAt: Timestamp?
    /// How many times soft close moved the end.
    public var extensions: Int
    /// Whether the close (or a withdrawal) is recorded.
    public var isClosed: Bool
    /// Whether a buy-now ended it.
    public var isBought: Bool

    /// Creates a refresh from stored values.
    public init(productID: ProductID, price: Money, lastChange: Money = .zero, lastChangeAt: Timestamp? = nil,
                leader: UserID? = nil, leaderMaximum: Money? = nil, bidCount: Int = 0, endsAt: Timestamp? = nil,
                extensions: Int = 0, isClosed: Bool = false, isBought: Bool = false) {
        self.productID = productID
        self.price = price
        self.lastChange = lastChange
        self.lastChangeAt = lastChangeAt
        self.leader = leader
        self.leaderMaximum = leaderMaximum
        self.bidCount = bidCount
        self.endsAt = endsAt
        self.extensions = extensions
        self.isClosed = isClosed
        self.isBought = isBought
    }
}
