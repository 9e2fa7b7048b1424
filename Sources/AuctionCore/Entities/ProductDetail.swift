/// A product in full: what `auction show` prints.
public struct ProductDetail: Hashable, Sendable {
    /// The list row for the product.
    public var product: Product
    /// The seller's display name.
    public var sellerName: String
    /// The seller's free-text description.
    public var description: String
    /// When the product was listed.
    public var listedAt: Timestamp?
    /// Past prices, oldest first.
    public var priceHistory: [PricePoint]
    /// A moderator's reason when the lot was removed by moderation.
    public var removedReason: String? = nil

    /// Creates a detail record.
    public init(product: Product, sellerName: String, description: String, listedAt: Timestamp?, priceHistory: [PricePoint]) {
        self.product = product
        self.sellerName = sellerName
        self.description = description
        self.listedAt = listedAt
        self.priceHistory = priceHistory
    }
}

/// One point of a product's price history.
public struct PricePoint: Hashable, Sendable {
    /// The civil date of the price, `YYYY-MM-DD`.
    public var date: String
    /// The price on that date.
    public var price: Money

    /// Creates a history point.
    public init(date: String, price: Money) {
        self.date = date
        self.price = price
    }
}
