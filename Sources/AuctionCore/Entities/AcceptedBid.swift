/// A bid the auction accepted: what the ledger keeps durably.
public struct AcceptedBid: Hashable, Sendable {
    /// The product bid on.
    public var productID: ProductID
    /// The accepted price, now the product's current price.
    public var price: Money
    /// The price it replaced.
    public var previousPrice: Money
    /// Who bid, when the connection was logged in.
    public var bidder: UserID?
    /// When the bid was accepted.
    public var acceptedAt: Timestamp
    /// Whether the server placed it for the bidder from their secret maximum (a proxy step).
    public var isAutomatic: Bool
    /// The client's idempotency key of the bid that placed it (nil for proxy steps and plain bids without one).
    public var idempotencyKey: String?
    /// The bid as it was placed, which this step answers (its own for a bid, the refused challenger's for a
    /// proxy's answer): what a retraction replays. Nil for steps no bid placed (a buy, a repricing).
    public var placement: BidPlacement?

    /// Creates a record.
    public init(
        productID: ProductID, price: Money, previousPrice: Money, bidder: UserID?, acceptedAt: Timestamp,
        isAutomatic: Bool = false, idempotencyKey: String? = nil
    ) {
        self.productID = productID
        self.price = price
        self.previousPrice = previousPrice
        self.bidder = bidder
        self.acceptedAt = acceptedAt
        self.isAutomatic = isAutomatic
        self.idempotencyKey = idempotencyKey
    }

    /// Equal when the step is (the same product, price, bidder, time, kind and key): `placement` is what
    /// the bid asked, kept for retractions, and reads of stored steps may leave it out.
    public static func == (lhs: AcceptedBid, rhs: AcceptedBid) -> Bool {
        lhs.productID == rhs.productID && lhs.price == rhs.price && lhs.previousPrice == rhs.previousPrice
            && lhs.bidder == rhs.bidder && lhs.acceptedAt == rhs.acceptedAt && lhs.isAutomatic == rhs.isAutomatic
            && lhs.idempotencyKey == rhs.idempotencyKey
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(productID)
        hasher.combine(price)
        hasher.combine(previousPrice)
        hasher.combine(bidder)
        hasher.combine(acceptedAt)
        hasher.combine(isAutomatic)
        hasher.combine(idempotencyKey)
    }

    /// The push this bid causes.
    public var update: PriceUpdate {
        let change = price - previousPrice
        return PriceUpdate(productID: productID, price: price, change: change,
                           direction: PriceDirection(change: change), auctionDate: acceptedAt.calendarDate)
    }
}
