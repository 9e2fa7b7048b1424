/// One of the seller's own lots as `GET /me/selling` reports it.
public struct SellingLot: Hashable, Sendable {
    /// Where the lot stands.
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// Bidding is open.
        case open
        /// Ended with a winner.
        case sold
        /// Ended without a winner (no bid, or the reserve was not met).
        case unsold
        /// Withdrawn by the seller before any bid.
        case withdrawn
        /// Removed by a moderator.
        case removed
    }

    /// The lot's id.
    public var productID: ProductID
    /// The lot's name, as the seller gave it.
    public var name: String
    /// Where the lot stands.
    public var status: Status
    /// How many bids it has.
    public var bidCount: Int
    /// The current (or final standing) price.
    public var currentPrice: Money
    /// Whether the reserve is met; nil when the lot has no reserve.
    public var reserveMet: Bool?
    /// The winner's name, when sold.
    public var winner: String?
    /// The price it sold for, when sold.
    public var finalPrice: Money?
    /// When bidding ends or ended.
    public var endTime: Timestamp?

    /// Creates a row.
    public init(productID: ProductID, name: String, status: Status, bidCount: Int, currentPrice: Money, reserveMet: Bool? = nil,
                winner: String? = nil, finalPrice: Money? = nil, endTime: Timestamp? = nil) {
        self.productID = productID
        self.name = name
        self.status = status
        self.bidCount = bidCount
        self.currentPrice = currentPrice
        self.reserveMet = reserveMet
        self.winner = winner
        self.finalPrice = finalPrice
        self.endTime = endTime
    }
}
