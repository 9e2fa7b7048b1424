import AuctionCore

/// A product's selling terms the book needs beyond the catalogue row: hidden reserve, buy-now price,
/// its own soft-close rules and the extensions it already had (restored at start).
public struct AuctionTerms: Hashable, Sendable {
    /// The hidden reserve: below it an auction ends without a winner. Nil for none.
    public var reserve: Money?
    /// The buy-now price, nil for none.
    public var buyNow: Money?
    /// This product's soft-close rules; nil for the book's (the server's) defaults.
    public var softClose: SoftClose?
    /// How many times soft close has moved the end so far.
    public var extensions: Int

    /// Creates terms (by default: no reserve, no buy-now, the server's soft close, no extensions).
    public init(reserve: Money? = nil, buyNow: Money? = nil, softClose: SoftClose? = nil, extensions: Int = 0) {
        self.reserve = reserve
        self.buyNow = buyNow
        self.softClose = softClose
        self.extensions = max(0, extensions)
    }
}
