import AuctionCore

/// A bidder's secret maximum on one product: the server bids for them up to it. Never shown to others.
public struct ProxyMaximum: Hashable, Sendable {
    /// The product.
    public var productID: ProductID
    /// Whose maximum it is.
    public var user: UserID
    /// The most they will pay.
    public var maximum: Money
    /// When it was placed (of two equal maximums, the earlier leads).
    public var placedAt: Timestamp

    /// Creates a maximum.
    public init(productID: ProductID, user: UserID, maximum: Money, placedAt: Timestamp) {
        self.productID = productID
        self.user = user
        self.maximum = maximum
        self.placedAt = placedAt
    }
}
