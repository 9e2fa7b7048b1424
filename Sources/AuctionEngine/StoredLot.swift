import AuctionCore

/// One lot as the shared store holds it after bids decided on other nodes: what a node adopts.
public struct StoredLot: Hashable, Sendable {
    /// The product.
    public var productID: ProductID
    /// The stored current price.
    public var price: Money
    /// The change its last bid made.
    public var lastChange: Money
    /// Who holds the highest bid, if anyone.
    public var leader: UserID?
    /// The leader's stored maximum, when they have one.
    public var leaderMaximum: Money?
    /// When bidding ends (soft close may have moved it).
    public var endsAt: Timestamp?
    /// How many times soft close moved the end.
    public var extensions: Int
    /// Whether a buy-now ended it.
    public var isBought: Bool
    /// Whether any bid was accepted.
    public var hasBids: Bool

    /// Creates a stored lot.
    public init(productID: ProductID, price: Money, lastChange: Money = .zero, leader: UserID? = nil,
                leaderMaximum: Money? = nil, endsAt: Timestamp? = nil, extensions: Int = 0, isBought: Bool = false,
                hasBids: Bool = false) {
        self.productID = productID
        self.price = price
        self.lastChange = lastChange
        self.leader = leader
        self.leaderMaximum = leaderMaximum
        self.endsAt = endsAt
        self.extensions = extensions
        self.isBought = isBought
        self.hasBids = hasBids
    }
}
