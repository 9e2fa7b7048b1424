/// One product a bidder has bid on, as `GET /me/bids` reports it.
public struct MyBid: Hashable, Sendable {
    /// The product.
    public var productID: ProductID
    /// Its name, as the seller wrote it (neutralise before showing it).
    public var productName: String
    /// The bidder's highest accepted bid on it.
    public var myHighest: Money
    /// The bidder's secret proxy maximum on it, if any.
    public var myMaximum: Money?
    /// The product's current (or final) price.
    public var currentPrice: Money
    /// When it ends (open) or ended (closed); nil when unknown.
    public var endTime: Timestamp?
    /// Where the bidder stands.
    public var status: MyBidStatus

    /// Creates a row.
    public init(productID: ProductID, productName: String, myHighest: Money, myMaximum: Money?, currentPrice: Money,
                endTime: Timestamp?, status: MyBidStatus) {
        self.productID = productID
        self.productName = productName
        self.myHighest = myHighest
        self.myMaximum = myMaximum
        self.currentPrice = currentPrice
        self.endTime = endTime
        self.status = status
    }
}
