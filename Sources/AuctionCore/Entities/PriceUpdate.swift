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
    /// The product's change sequence number in the store (ours, the wire's `seq`): each accepted bid
    /// on the product adds one, on whichever node it was accepted; nil from servers that send none.
    /// Pushes may skip numbers (several changes merged into one push), never go back.
    public var sequence: Int64?
    /// The least bid the server accepts after this price (ours, the wire's `next_minimum`); nil when
    /// the server did not say (the original backend, or a connection without feature `next-minimum`).
    public var nextMinimum: Money?

    /// Creates an update.
    public init(productID: ProductID, price: Money, change: Money, direction: PriceDirection, auctionDate: String,
                sequence: Int64? = nil) {
        self.sequence = sequence
        self.productID = productID
        self.price = price
        self.change = change
        self.direction = direction
        self.auctionDate = auctionDate
    }
}
