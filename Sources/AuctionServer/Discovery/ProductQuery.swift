import AuctionCore

/// One catalogue query (`GET /products/query`, socket request 13): search text, filters, sort,
/// page size and where the page starts. Every field is range-checked by `init(parameters:)`.
public struct ProductQuery: Hashable, Sendable {
    /// The orders a query can ask for.
    public enum Sort: String, Hashable, Sendable, CaseIterable {
        /// By id (the catalogue's order); the default without search text.
        case id
        /// By search rank (every term in the name first, then the rest; newest first in each); the default with search text.
        case rank
        /// Soonest end first; lots without an end last.
        case ending
        /// Lowest current price first.
        case price
        /// Newest listing first.
        case new
        /// Largest last price rise first.
        case change
        /// Most bids first.
        case bids
    }

    /// Which lots by state.
    public enum Status: String, Hashable, Sendable {
        /// Bidding still possible (not closed, end not reached).
        case open
        /// Ended (closed, or end time passed).
        case closed
        /// Both.
        case all
    }

    /// The longest search text used (characters).
    public static let maximumSearchLength = 200
    /// The longest seller name accepted (characters).
    public static let maximumSellerLength = 64
    /// The page size's range.
    public static let limits = 1...50
    /// The default page size (the original's page).
    public static let defaultLimit = 15
    /// The `ending_within` range in seconds (up to a year).
    public static let endingWithinRange: ClosedRange<Int64> = 1...31_536_000
    /// The price filters' range in minor units.
    public static let priceRange: ClosedRange<Int64> = 0...1_000_000_000_000_000

    /// The search text, trimmed; nil for none.
    public var search: String?
    /// The order.
    public var sort: Sort
    /// Only lots ending within this many seconds from now.
    public var endingWithinSeconds: Int64?
    /// Only lots at or above this current price.
    public var minimumPrice: Money?
    /// Only lots at or below this current price.
    public var maximumPrice: Money?
    /// Only this seller's lots (exact name).
    public var seller: String?
    /// Which lots by state.
    public var status: Status
    /// The page size.
    public var limit: Int
    /// Where the page starts (after this row); nil for the first page.
    public var cursor: QueryCursor?

    /// A query with the defaults: all open lots by id, 15 per page.
    public init(search: String? = nil, sort: Sort? = nil, endingWithinSeconds: Int64? = nil, minimumPrice: Money? = nil,
                maximumPrice: Money? = nil, seller: String? = nil, status: Status = .open,
                limit: Int = ProductQuery.defaultLimit, cursor: QueryCursor? = nil) {
        self.search = search
        self.sort = sort ?? (search == nil ? .id : .rank)
        self.endingWithinSeconds = endingWithinSeconds
        self.minimumPrice = minimumPrice
        self.maximumPrice = maximumPrice
        self.seller = seller
        self.status = status
        self.limit = limit
        self.cursor = cursor
    }

    /// The parameter names understood; any other is refused.
    public static let parameterNames: Set<String> = ["search", "sort", "ending_within", "min_price", "max_price",
                                                     "seller", "status", "limit", "cursor"]
}
