import AuctionCore

/// A catalogue query's filters as SQL over `products p`, each with its bound values, plus the
/// narrowing filters an index can find on its own (seller, price range, ending window).
struct CatalogueQueryConditions {
    /// One SQL condition and the values its `?`s take, in order.
    struct Condition {
        /// The SQL.
        var sql: String
        /// Its values.
        var values: [StoreValue] = []
    }

    /// A filter that an index of `products` finds by itself, with that index's name.
    struct Narrowing {
        /// The condition (on the index's own column or expression).
        var condition: Condition
        /// The index that finds it.
        var index: String
        /// That index's order (counting in it keeps PostgreSQL on the index too).
        var order: String
    }

    /// The end a lot without one sorts by (and the ending index stores).
    static let noEnd = "9223372036854775807"
    /// The ending index's expression on `dialect` (each engine matches an index on its own spelling).
    static func ending(_ dialect: StoreDialect) -> String {
        dialect == .sqlite ? "IFNULL(p.ends_at, \(noEnd))" : "COALESCE(p.ends_at, \(noEnd))"
    }

    /// The price column lists filter and sort by on `dialect`: SQLite's live price; PostgreSQL's sort
    /// key, which follows bids within about a second (the column `products_by_price` holds there).
    static func sortPrice(_ dialect: StoreDialect) -> String {
        dialect == .sqlite ? livePrice : "p.sort_price"
    }

    /// A lot's live price, the one its row and pushes show.
    static let livePrice = "p.current_price"


    /// `query`'s price bounds on `column` (`min <= column AND column <= max`, either one alone).
    private static func priceRange(of query: CatalogueQuery, on column: String) -> String {
        var bounds: [String] = []
        if let minimum = query.minimumPrice { bounds.append("\(column) >= \(minimum.minorUnits)") }
        if let maximum = query.maximumPrice { bounds.append("\(column) <= \(maximum.minorUnits)") }
        return bounds.joined(separator: " AND ")
    }

    /// Every filter, withdrawn lots and status included.
    private(set) var all: [Condition] = []
    /// The filters an index can find alone.
    private(set) var narrowing: [Narrowing] = []

    /// The filters of `query` at `now` (ms since the epoch), written for `dialect`'s indexes.
    init(_ query: CatalogueQuery, now: Int64, dialect: StoreDialect) {
        all.append(Condition(sql: "p.withdrawn_at IS NULL"))  // withdrawn lots leave every list
        // Written on the ending index's expression, so a walk in end order starts at the first open lot.
        let ending = Self.ending(dialect)
        let open = "(p.closed_at IS NULL AND \(ending) > \(now))"
        switch query.status {
        case .open: all.append(Condition(sql: open))
        case .closed: all.append(Condition(sql: "NOT " + open))
        case .all: break
        }
        if let within = query.endingWithinSeconds {
            let (span, overflow) = within.multipliedReportingOverflow(by: 1_000)
            let (limit, overflowAgain) = now.addingReportingOverflow(span)
            // Lots without an end sort at Int64.max: the window stops below it.
            let last = overflow || overflowAgain ? Int64.max - 1 : min(limit, Int64.max - 1)
            let window = Condition(sql: "\(ending) > \(now) AND \(ending) <= \(last)")
            all.append(window)
            narrowing.append(Narrowing(condition: window, index: "products_by_ending", order: "\(ending), p.id"))
        }
        if query.minimumPrice != nil || query.maximumPrice != nil {
            let priceColumn = Self.sortPrice(dialect)
            let range = Condition(sql: Self.priceRange(of: query, on: priceColumn))
            all.append(range)
            narrowing.append(Narrowing(condition: range, index: "products_by_price", order: "\(priceColumn), p.id"))
            if priceColumn != Self.livePrice {
                // The live price too, so a lot a bid moved out of the range in the last second is not
                // listed showing a price the filter excludes (the key finds the rows; this checks each).
                all.append(Condition(sql: Self.priceRange(of: query, on: Self.livePrice)))
            }
        }
        if let seller = query.seller {
            let equal = Condition(sql: "p.seller = ?", values: [.text(seller)])
            all.append(equal)
            narrowing.append(Narrowing(condition: equal, index: "products_by_seller", order: "p.seller"))
        }
    }

    /// Adds a condition every row must meet.
    mutating func append(_ condition: Condition) {
        all.append(condition)
    }

    /// `all` joined with AND (`1` for none) and their values.
    var combined: Condition {
        guard !all.isEmpty else { return Condition(sql: "1") }
        return Condition(sql: all.map { "(" + $0.sql + ")" }.joined(separator: " AND "), values: all.flatMap(\.values))
    }
}
