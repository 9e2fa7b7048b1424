import AuctionCore

/// How a finished auction ended, as recorded.
public struct AuctionClosure: Hashable, Sendable {
    /// The product whose auction ended.
    public var productID: ProductID
    /// The price it closed at (the start price when nobody bid).
    public var finalPrice: Money
    /// The winner, when the winning bid came from a logged-in user.
    public var winner: UserID?
    /// The winner's user name, when known.
    public var winnerName: String?
    /// When the close was recorded.
    public var closedAt: Timestamp

    /// Creates a record.
    public init(productID: ProductID, finalPrice: Money, winner: UserID?, winnerName: String? = nil, closedAt: Timestamp) {
        self.productID = productID
        self.finalPrice = finalPrice
        self.winner = winner
        self.winnerName = winnerName
        self.closedAt = closedAt
    }
}
