import AuctionCore

/// A bidder to warn: a lot they bid on ends soon and they are not leading (reported once per product and user).
public struct EndingSoon: Hashable, Sendable {
    /// The product.
    public var productID: ProductID
    /// Its 1-based catalogue position.
    public var position: Int
    /// The bidder to warn.
    public var user: UserID
    /// When the lot ends (as of now).
    public var endsAt: Timestamp
    /// The current price.
    public var price: Money

    /// Creates a warning.
    public init(productID: ProductID, position: Int, user: UserID, endsAt: Timestamp, price: Money) {
        self.productID = productID
        self.position = position
        self.user = user
        self.endsAt = endsAt
        self.price = price
    }
}
