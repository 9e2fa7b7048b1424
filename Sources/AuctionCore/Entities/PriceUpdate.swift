/// A product's price changed: what a price push carries.
public struct PriceUpdate: Hashable, Sendable {
    /// The product whose price changed.
    public var productID: ProductID
    /// The new current price.
    public var price: Money
    /// The change since the previous price (the wire's `beforePrice`).
    public var change: Money
    /// Which way the price moved.
    public var direction: PriceDirection
    /// The auction's civil date, `YYYY-MM-DD` (the wire's `auction_date`).
    public var auctionDate: String

    /// Creates an update.
    public init(productID: ProductID, price: Money, change: Money, direction: PriceDirection, auctionDate: String) {
        self.productID = productID
        self.price = price
        self.change = change
        self.direction = direction
        self.auctionDate = auctionDate
    }
}
