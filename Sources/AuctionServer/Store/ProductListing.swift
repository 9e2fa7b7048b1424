import AuctionCore

/// A product to put into the store: everything the catalogue tables hold about it.
public struct ProductListing: Hashable, Sendable {
    /// The id to use; nil lets SQLite pick the next one.
    public var id: ProductID?
    /// The product's name.
    public var name: String
    /// The seller's display name.
    public var seller: String
    /// The seller's free-text description.
    public var description: String
    /// The starting price.
    public var startPrice: Money
    /// The current price (the start price when nobody has bid).
    public var currentPrice: Money
    /// The change the last price move made.
    public var lastChange: Money
    /// When the price last moved (the listing time when it never did).
    public var lastChangeAt: Timestamp
    /// The smallest raise a bid must make, if any.
    public var minimumIncrement: Money?
    /// When the product was listed.
    public var listedAt: Timestamp
    /// When bidding closes, if ever.
    public var endsAt: Timestamp?
    /// Past prices before any bid in the ledger, oldest first (one per date).
    public var history: [PricePoint]
    /// PNG files, cover first.
    public var images: [[UInt8]]

    /// Creates a listing; the current price defaults to the start price.
    public init(
        id: ProductID? = nil, name: String, seller: String, description: String = "",
        startPrice: Money, currentPrice: Money? = nil, lastChange: Money = .zero,
        lastChangeAt: Timestamp? = nil, minimumIncrement: Money? = nil, listedAt: Timestamp,
        endsAt: Timestamp? = nil, history: [PricePoint] = [], images: [[UInt8]] = []
    ) {
        self.id = id
        self.name = name
        self.seller = seller
        self.description = description
        self.startPrice = startPrice
        self.currentPrice = currentPrice ?? startPrice
        self.lastChange = lastChange
        self.lastChangeAt = lastChangeAt ?? listedAt
        self.minimumIncrement = minimumIncrement
        self.listedAt = listedAt
        self.endsAt = endsAt
        self.history = history
        self.images = images
    }
}
