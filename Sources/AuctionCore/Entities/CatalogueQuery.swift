/// A discovery query over the catalogue (`GET /products/query`, request 13): search text, filters and
/// a sort — one value for the client that asks and the server that answers (the server adds the page
/// size and cursor beside it). The plain query (no search, no filter, catalogue order, open lots) is
/// what the original endpoints answer, so commands use those for it.
public struct CatalogueQuery: Hashable, Sendable {
    /// How the lots are ordered (ties always by id).
    public enum Sort: String, Hashable, Sendable, CaseIterable {
        /// The catalogue's order, by id: the default without search text.
        case id
        /// Ending soonest first; lots without an end last.
        case ending
        /// Lowest current price first.
        case price
        /// Newest listing first.
        case new
        /// Largest last price rise first.
        case change
        /// Most bids first.
        case bids
        /// By search rank (best first): the default with search text, and only with it.
        case rank

        /// The default order: `rank` with search text, `id` without.
        public static func standard(searching: Bool) -> Sort { searching ? .rank : .id }

        /// The sort after this one in `watch`'s `s` cycle: the default order (rank when `searching`, else
        /// id) → ending → price → new → change → bids → the default again.
        public func next(searching: Bool) -> Sort {
            let cycle: [Sort] = [.standard(searching: searching), .ending, .price, .new, .change, .bids]
            let index = cycle.firstIndex(of: self) ?? 0
            return cycle[(index + 1) % cycle.count]
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

    /// The most search characters: the client cuts longer text, the server refuses it.
    public static let maximumSearchCharacters = 200
    /// The longest `ending_within`: 365 days, in seconds.
    public static let maximumEndingWithinSeconds: Int64 = 365 * 24 * 3600
    /// The longest seller name, in characters: the client cuts longer names, the server refuses them.
    public static let maximumSellerCharacters = 64

    /// Full-text search over name, description and seller; nil: none.
    public var search: String?
    /// The order.
    public var sort: Sort
    /// Only lots ending within this many seconds; nil: any.
    public var endingWithinSeconds: Int64?
    /// Only lots whose current price is at least this; nil: any.
    public var minimumPrice: Money?
    /// Only lots whose current price is at most this; nil: any.
    public var maximumPrice: Money?
    /// Only this seller's lots; nil: anyone's.
    public var seller: String?
    /// Which lots by state.
    public var status: Status

    /// A query; blank search text or seller counts as none, search text is cut to `maximumSearchCharacters`,
    /// and without a sort it is the default one (`rank` with search text, `id` without).
    public init(search: String? = nil, sort: Sort? = nil, endingWithinSeconds: Int64? = nil, minimumPrice: Money? = nil,
                maximumPrice: Money? = nil, seller: String? = nil, status: Status = .open) {
        self.search = search.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : String($0.prefix(Self.maximumSearchCharacters)) }
        self.sort = sort ?? .standard(searching: self.search != nil)
        self.endingWithinSeconds = endingWithinSeconds
        self.minimumPrice = minimumPrice
        self.maximumPrice = maximumPrice
        self.seller = seller.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : String($0.prefix(Self.maximumSellerCharacters)) }
        self.status = status
    }

    /// Whether this is the plain catalogue (what the original endpoints serve).
    public var isPlain: Bool { self == CatalogueQuery() }

    /// Whether the order is the default one for its search text (then it is not sent).
    public var hasStandardSort: Bool { sort == .standard(searching: search != nil) }

    /// The query with other search text (blank: none); a default order follows it (id ↔ rank), any other stays.
    public func searching(_ text: String?) -> CatalogueQuery {
        var copy = self
        copy.search = CatalogueQuery(search: text).search
        if hasStandardSort { copy.sort = .standard(searching: copy.search != nil) }
        return copy
    }

    /// The query as its documented parameters, in a fixed order, defaults left out
    /// (`search`, `sort`, `ending_within`, `min_price`, `max_price`, `seller`, `status`).
    public var parameters: [(name: String, value: String)] {
        var list: [(name: String, value: String)] = []
        if let search { list.append(("search", search)) }
        if !hasStandardSort { list.append(("sort", sort.rawValue)) }
        if let endingWithinSeconds { list.append(("ending_within", String(endingWithinSeconds))) }
        if let minimumPrice { list.append(("min_price", String(minimumPrice.minorUnits))) }
        if let maximumPrice { list.append(("max_price", String(maximumPrice.minorUnits))) }
        if let seller { list.append(("seller", seller)) }
        if status != .open { list.append(("status", status.rawValue)) }
        return list
    }
}
