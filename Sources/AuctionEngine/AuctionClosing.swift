import AuctionCore

/// An auction that has ended: what the server records and announces (`auction closed`).
public struct AuctionClosing: Hashable, Sendable {
    /// The product whose auction ended.
    public var productID: ProductID
    /// Its 1-based catalogue position, to find the watchers.
    public var position: Int
    /// The final (winning) price.
    public var finalPrice: Money
    /// The highest bidder, or nil when nobody known bid.
    public var winner: UserID?
    /// The end time that passed.
    public var endedAt: Timestamp

    /// Creates a closing record.
    public init(productID: ProductID, position: Int, finalPrice: Money, winner: UserID?, endedAt: Timestamp) {
        self.productID = productID
        self.position = position
        self.finalPrice = finalPrice
        self.winner = winner
        self.endedAt = endedAt
    }
}
