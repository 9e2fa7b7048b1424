/// A discovery query over the catalogue (`GET /products/query`, request 13): search text, filters and
/// a sort. The plain query (no search, no filter, catalogue order, open lots) is what the original
/// endpoints answer, so commands use those for it.
public struct CatalogueQuery: Hashable, Sendable {
    /// How the lots are ordered.
    public enum Sort: String, Hashable, Sendable, CaseIterable {
        /// The catalogue's order (by rank when there is search text): no `sort` parameter.
        case id
        /// Ending soonest first.
        case ending
        /// Lowest current price first.
        case price
        /// Newest listing first.
        case new
        /// Largest price change first.
        case change
        /// Most bids first.
        case bids

        /// The sort after this one in `watch`'s `s` cycle (id → ending → price → new → change → bids → id).
        public var next: Sort {
            let all = Sort.allCases
            let index = all.firstIndex(of: self) ?? 0
            return all[(index + 1) % all.count]
        }
    }

    /// Which lots are included by state.
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// Lots still open for bids (the default).
        case open
        /// Ended lots.
        case closed
        /// Both.
        case all
    }

    /// The most search characters sent; longer text is cut here (the server also caps it).
    public static let maximumSearchCharacters = 200
    /// The longest `--ending-within` accepted: 365 days, in seconds.
    public static let maximumEndingWithinSeconds = 365 * 24 * 3600
    /// The longest seller name sent, in characters.
    public static let maximumSellerCharacters = 120

    /// Full-text search over name, description and seller; nil: none.
    public var search: String?
    /// The order.
    public var sort: Sort
    /// Only lots ending within this many seconds; nil: any.
    public var endingWithinSeconds: Int?
    /// Only lots whose current price is at least this; nil: any.
    public var minimumPrice: Money?
    /// Only lots whose current price is at most this; nil: any.
    public var maximumPrice: Money?
    /// Only this seller's lots; nil: anyone's.
    public var seller: String?
    /// Which lots by state.
    public var status: Status

    /// A query; blank search text or seller counts as none, and search text is cut to `maximumSearchCharacters`.
    public init(search: String? = nil, sort: Sort = .id, endingWithinSeconds: Int? = nil, minimumPrice: Money? = nil,
                maximumPrice: Money? = nil, seller: String? = nil, status: Status = .open) {
        self.search = search.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : String($0.prefix(Self.maximumSearchCharacters)) }
        self.sort = sort
        self.endingWithinSeconds = endingWithinSeconds
        self.minimumPrice = minimumPrice
        self.maximumPrice = maximumPrice
        self.seller = seller.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : String($0.prefix(Self.maximumSellerCharacters)) }
        self.status = status
    }

    /// Whether this is the plain catalogue (what the original endpoints serve).
    public var isPlain: Bool { self == CatalogueQuery() }

    /// The query as its documented parameters, in a fixed order, defaults left out
    /// (`search`, `sort`, `ending_within`, `min_price`, `max_price`, `seller`, `status`).
    public var parameters: [(name: String, value: String)] {
        var list: [(name: String, value: String)] = []
        if let search { list.append(("search", search)) }
        if sort != .id { list.append(("sort", sort.rawValue)) }
        if let endingWithinSeconds { list.append(("ending_within", String(endingWithinSeconds))) }
        if let minimumPrice { list.append(("min_price", String(minimumPrice.minorUnits))) }
        if let maximumPrice { list.append(("max_price", String(maximumPrice.minorUnits))) }
        if let seller { list.append(("seller", seller)) }
        if status != .open { list.append(("status", status.rawValue)) }
        return list
    }
}
