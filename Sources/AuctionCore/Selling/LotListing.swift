/// What a seller asks to list: the lot's text, prices and end (its images travel beside it).
public struct LotListing: Hashable, Sendable {
    /// The lot's name (1–120 characters).
    public var name: String
    /// The lot's description (up to 10,000 characters; may be empty).
    public var description: String
    /// The starting price (positive, at most `Money.largestExact`).
    public var startPrice: Money
    /// When the auction ends.
    public var ending: LotEnding
    /// The smallest raise, when the seller sets one.
    public var minimumIncrement: Money?
    /// The reserve price, when the seller sets one (at least the start price).
    public var reserve: Money?
    /// The buy-now price, when the seller sets one (at least the start price).
    public var buyNow: Money?

    /// Creates a listing.
    public init(name: String, description: String = "", startPrice: Money, ending: LotEnding,
                minimumIncrement: Money? = nil, reserve: Money? = nil, buyNow: Money? = nil) {
        self.name = name
        self.description = description
        self.startPrice = startPrice
        self.ending = ending
        self.minimumIncrement = minimumIncrement
        self.reserve = reserve
        self.buyNow = buyNow
    }
}
