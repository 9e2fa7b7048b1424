import AuctionCore

extension CatalogueStore {
    /// A narrowing filter (or search) that finds fewer rows than this is read whole and sorted;
    /// otherwise the sort's index is walked and each row checked, stopping at a page.
    public static let sortedCandidateCap = 2_000
    /// The rows one walk of an index may visit for a page (`query_row_budget`); a page whose filters
    /// match fewer rows than it wants within them ends early with a cursor (`CatalogueQueryWalk`).
    public static let queryRowBudget = 500
    /// How many lot ids one ranked walk of a search index covers, in rows of the budget: the walk stops
    /// at the window's end (the page ends early there, with a cursor), so a search whose terms seldom meet
    /// reads the postings of `queryRowBudget` × this many lots at most, not of the whole catalogue.
    public static let searchWindowBudgets = 20
    /// A sorted walk whose rows are each checked by a full-text probe (search terms with cased letters
    /// beyond ASCII, short words) visits this share of the budget: a probe costs ~0.3 ms at 100,000 lots.
    public static let probedWalkShare = 10

    /// One keyset page of `query` at time `now`.
    ///
    /// Filters and order read the committed rows (`current_price` is written by the ledger as bids commit).
    /// Ranked searches walk the search indexes newest first, tier by tier (`rankedPage`); every other
    /// order is (key, id) ascending, the page starting strictly after the cursor's (key, id), read either
    /// from the smallest narrowing filter's index (when it finds under `sortedCandidateCap` rows) or by
    /// walking the sort's own index at most `rowBudget` rows (the page ends early, with a cursor, where the
    /// budget runs out; a candidate set is under the budget too) — so no page costs work in proportion to the catalogue. `candidateCap` is
    /// `sortedCandidateCap` but for tests that drive both paths over a small catalogue.
    public func query(_ request: CatalogueQueryRequest, now: Timestamp, candidateCap: Int = sortedCandidateCap,
                      rowBudget: Int = queryRowBudget) throws(StoreError) -> CatalogueQueryPage {
        let query = request.query
        let budget = max(1, rowBudget)
        let candidateCap = min(candidateCap, budget)  // a candidate set read whole is within the budget too
        if dialect == .postgres { return try postgresQuery(request, now: now, cap: candidateCap, budget: budget) }
        let terms = query.search.map(SearchTerms.init)
        if let terms, terms.findsNothing { return CatalogueQueryPage(ids: [], sellers: [:], next: nil) }
        let conditions = CatalogueQueryConditions(query, now: now.millisecondsSinceEpoch, dialect: .sqlite)
        return try withSQLiteDatabase { database throws(StoreError) -> CatalogueQueryPage in
            if query.sort == .rank, let terms {
                return try Self.rankedPage(request, terms: terms, conditions: conditions, cap: candidateCap, budget: budget, database: database)
            }
            return try Self.sortedPage(request, terms: terms, conditions: conditions, cap: candidateCap, budget: budget, database: database)
        }
    }

    private static func sortedPage(_ request: CatalogueQueryRequest, terms: SearchTerms?, conditions: CatalogueQueryConditions, cap: Int,
                                   budget: Int, database: SQLiteDatabase) throws(StoreError) -> CatalogueQueryPage {
        let query = request.query
        let sort = query.sort == .rank ? CatalogueQuery.Sort.id : query.sort
        var conditions = conditions
        // The smallest set a filter's own index finds, when under the cap: read it whole and sort it.
        var driver: (count: Int, source: String)?
        let plan = terms.map(CatalogueSearchPlan.init)
        if let plan {
            let count = try cappedCount(plan.primary.rows.sql, plan.primary.rows.values, database, cap: cap)
            if count < cap { driver = (count, plan.primary.from) }
            for check in try plan.checks(database: database, cap: cap) { conditions.append(check) }
        }
        var searchDrives = driver != nil
        for narrowing in conditions.narrowing where (driver?.count ?? 1) > 0 {
            let count = try cappedCount("SELECT 1 FROM products p INDEXED BY \(narrowing.index) WHERE \(narrowing.condition.sql)",
                                        narrowing.condition.values, database, cap: cap)
            if count < (driver?.count ?? cap) {
                driver = (count, "products p INDEXED BY \(narrowing.index)")
                searchDrives = false
            }
        }
        if let plan { conditions.append(searchDrives ? plan.primary.condition : plan.primaryCheck) }
        guard let source = driver?.source else {
            let walks = CatalogueQueryWalk.sorted(from: "products p " + (sortIndex(sort).map { "INDEXED BY " + $0 } ?? "NOT INDEXED"),
                                                  key: sortKey(sort), cursor: request.cursor, isID: sort == .id)
            let filter = conditions.combined
            let probes = plan?.primaryCheckProbes ?? false
            let walkBudget = probes ? max(16, budget / probedWalkShare) : budget
            return try CatalogueQueryWalk.page(walks, filter: { _ in filter }, limit: request.limit, budget: walkBudget, database: database) { _, key, id in
                QueryCursor(sort: query.sort, key: key, id: id)
            }
        }
        return try candidatePage(request, source: source, key: sortKey(sort), filter: conditions.combined, database: database)
    }

    /// A page read from a candidate set under the cap (a narrowing filter's index or the search's): every
    /// row of the set after the cursor that passes `filter`, sorted by (`key`, id).
    static func candidatePage(_ request: CatalogueQueryRequest, source: String, key: String, filter: CatalogueQueryConditions.Condition,
                              database: any StoreDatabase) throws(StoreError) -> CatalogueQueryPage {
        var values = filter.values
        var outer = ""
        if let cursor = request.cursor {
            outer = " WHERE k >= ? AND (k > ? OR id > ?)"
            values += [.integer(cursor.key), .integer(cursor.key), .integer(cursor.id)]
        }
        let sql = "SELECT id, k, seller FROM (SELECT p.id AS id, \(key) AS k, p.seller AS seller FROM \(source)"
            + " WHERE \(filter.sql)) AS page\(outer) ORDER BY k, id LIMIT \(request.limit + 1)"
        let rows = try database.rows(sql, values) { row in (ProductID(Int(row.int64(0))), row.int64(1), row.text(2)) }
        let page = rows.prefix(request.limit)
        let next = rows.count > request.limit ? page.last.map { QueryCursor(sort: request.query.sort, key: $0.1, id: Int64($0.0.rawValue)) } : nil
        return CatalogueQueryPage(ids: page.map(\.0), sellers: Dictionary(page.map { ($0.0, $0.2) }, uniquingKeysWith: { first, _ in first }),
                                  next: next)
    }

    /// How many rows `sql` gives, counting no further than `cap`.
    static func cappedCount(_ sql: String, _ values: [StoreValue], _ database: any StoreDatabase,
                            cap: Int = sortedCandidateCap) throws(StoreError) -> Int {
        Int(try database.scalarInteger("SELECT count(*) FROM (\(sql) LIMIT \(cap)) AS capped", values) ?? 0)
    }

    /// The index that holds the rows in `sort`'s order (nil: the table itself, by id).
    static func sortIndex(_ sort: CatalogueQuery.Sort) -> String? {
        switch sort {
        case .id, .rank: nil
        case .ending: "products_by_ending"
        case .price: "products_by_price"
        case .new: "products_by_newest"
        case .change: "products_by_change"
        case .bids: "products_by_bids"
        }
    }

    /// The SQL expression a sort orders by (ascending, then id); each matches one of schema 6's indexes (rank: see `rankedPage`).
    static func sortKey(_ sort: CatalogueQuery.Sort) -> String {
        switch sort {
        case .id, .rank: "p.id"
        case .ending: CatalogueQueryConditions.ending(.sqlite)
        case .price: CatalogueQueryConditions.sortPrice(.sqlite)
        case .new: "-p.listed_at"
        case .change: "-p.last_change"
        case .bids: "-p.bid_count"
        }
    }
}
