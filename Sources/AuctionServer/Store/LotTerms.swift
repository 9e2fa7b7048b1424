import AuctionCore

/// A product's bidding terms and soft-close state as stored (`products` columns of schema 2).
public struct LotTerms: Hashable, Sendable {
    /// The hidden reserve price, when the product has one.
    public var reservePrice: Money?
    /// The buy-now price, when the product has one (available only before the first bid).
    public var buyNowPrice: Money?
    /// The product's own soft-close window (ms); nil: the server's `extend_window`.
    public var extendWindowMilliseconds: Int64?
    /// The product's own extension (ms); nil: the server's `extend_by`.
    public var extendByMilliseconds: Int64?
    /// The product's own limit on extensions; nil: the server's `max_extensions`.
    public var maximumExtensions: Int?
    /// How often soft close has moved the end so far.
    public var extensions: Int
    /// When the product was bought now, if it was.
    public var boughtAt: Timestamp?

    /// Creates terms.
    public init(reservePrice: Money? = nil, buyNowPrice: Money? = nil, extendWindowMilliseconds: Int64? = nil,
                extendByMilliseconds: Int64? = nil, maximumExtensions: Int? = nil, extensions: Int = 0,
                boughtAt: Timestamp? = nil) {
        self.reservePrice = reservePrice
        self.buyNowPrice = buyNowPrice
        self.extendWindowMilliseconds = extendWindowMilliseconds
        self.extendByMilliseconds = extendByMilliseconds
        self.maximumExtensions = maximumExtensions
        self.extensions = extensions
        self.boughtAt = boughtAt
    }
}
