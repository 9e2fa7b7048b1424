/// A product as the list shows it: one row of a catalogue page.
public struct Product: Hashable, Sendable, Identifiable {
    /// The product's id; the catalogue is ordered by it.
    public var id: ProductID
    /// The product's name.
    public var name: String
    /// The seller's starting price (the wire's `original_price`).
    public var startPrice: Money
    /// The current (highest accepted) price.
    public var currentPrice: Money
    /// The change since the previous price.
    public var lastChange: Money
    /// Which way the price last moved.
    public var direction: PriceDirection
    /// The auction's civil date, `YYYY-MM-DD`.
    public var auctionDate: String
    /// Ids of the product's images, first one is the cover.
    public var imageIDs: [Int]
    /// When bidding closes, if the source knows (our server does; the original backend does not).
    public var endsAt: Timestamp?
    /// The smallest raise a bid must make over the current price, if the seller set one.
    public var minimumIncrement: Money?
    /// Whether bidding has ended (closed by its end time, a buy-now or the seller).
    public var isClosed: Bool
    /// The winner's name once the auction closed with a winner; nil while open or without one.
    public var winner: String?
    /// Whether a hidden reserve price has been reached; nil when the product has no reserve.
    public var reserveMet: Bool?
    /// The buy-now price while buying now is possible (no bid yet, or the reserve not met yet); nil otherwise.
    public var buyNowPrice: Money?
    /// How many times soft close has moved the end time (each move is already in `endsAt`).
    public var extensions: Int
    /// How many bids have been accepted on the product, when the source says (ours does; the original does not).
    public var bidCount: Int?
    /// The least bid the server accepts now (ours, the wire's `next_minimum`); nil when the source does
    /// not say (the original backend) or the lot is closed. The client never works it out itself.
    public var nextMinimum: Money?
    /// Where the lot stands, as the server states it (ours, the wire's `status`); nil when the source does not say.
    public var status: LotStatus?

    /// Creates a product row.
    public init(
        id: ProductID, name: String, startPrice: Money, currentPrice: Money, lastChange: Money,
        direction: PriceDirection, auctionDate: String, imageIDs: [Int] = [],
        endsAt: Timestamp? = nil, minimumIncrement: Money? = nil, isClosed: Bool = false, winner: String? = nil,
        reserveMet: Bool? = nil, buyNowPrice: Money? = nil, extensions: Int = 0, bidCount: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.startPrice = startPrice
        self.currentPrice = currentPrice
        self.lastChange = lastChange
        self.direction = direction
        self.auctionDate = auctionDate
        self.imageIDs = imageIDs
        self.endsAt = endsAt
        self.minimumIncrement = minimumIncrement
        self.isClosed = isClosed
        self.winner = winner
        self.reserveMet = reserveMet
        self.buyNowPrice = buyNowPrice
        self.extensions = extensions
        self.bidCount = bidCount
    }

    /// This product after a price update was applied.
    public func applying(_ update: PriceUpdate) -> Product {
        var copy = self
        copy.currentPrice = update.price
        copy.lastChange = update.change
        copy.direction = update.direction
        copy.auctionDate = update.auctionDate
        // A push that states no minimum leaves none: the one read before belonged to the old price.
        copy.nextMinimum = update.nextMinimum
        return copy
    }
}
