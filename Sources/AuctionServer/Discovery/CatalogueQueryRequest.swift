import AuctionCore

/// A catalogue query as `GET /products/query` and socket request 13 ask for it: the query (the one
/// `CatalogueQuery` the client also uses), the page size and where the page starts. Every field is
/// range-checked by `init(parameters:)`.
public struct CatalogueQueryRequest: Hashable, Sendable {
    /// The page size's range.
    public static let limits = 1...50
    /// The default page size (the original's page).
    public static let defaultLimit = 15
    /// The price filters' range in minor units.
    public static let priceRange: ClosedRange<Int64> = 0...1_000_000_000_000_000

    /// What is searched, filtered and sorted.
    public var query: CatalogueQuery
    /// The page size.
    public var limit: Int
    /// Where the page starts (after this row); nil for the first page.
    public var cursor: QueryCursor?

    /// A request for `query`'s page of `limit` lots after `cursor`.
    public init(_ query: CatalogueQuery = CatalogueQuery(), limit: Int = CatalogueQueryRequest.defaultLimit, cursor: QueryCursor? = nil) {
        self.query = query
        self.limit = limit
        self.cursor = cursor
    }

    /// The parameter names understood; any other is refused.
    public static let parameterNames: Set<String> = ["search", "sort", "ending_within", "min_price", "max_price",
                                                     "seller", "status", "limit", "cursor"]
}
