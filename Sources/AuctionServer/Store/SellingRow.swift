import AuctionCore

/// One of a seller's lots as `GET /me/selling` reports it.
public struct SellingRow: Hashable, Sendable {
    /// The lot.
    public var productID: ProductID
    /// Its name.
    public var name: String
    /// `open`, `sold`, `unsold` or `withdrawn`.
    public var status: String
    /// Accepted bids on it.
    public var bidCount: Int
    /// The current (or final) price.
    public var currentPrice: Money
    /// Whether the reserve is met; nil when it has none.
    public var reserveMet: Bool?
    /// The winner's name, when sold.
    public var winner: String?
    /// The price it sold at, when sold.
    public var finalPrice: Money?
    /// When bidding ends (or ended).
    public var endTime: Timestamp?
}
