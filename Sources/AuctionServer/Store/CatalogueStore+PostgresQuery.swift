import AuctionCore

/// The catalogue query on PostgreSQL: the same filters, sorts, keyset pages and row budget as SQLite's,
/// with search terms as `ILIKE` checks on the rows a page walks instead of FTS5.
extension CatalogueStore {
    /// One keyset page of `query` at `now` on PostgreSQL.
    ///
    /// Each whitespace-separated search term must occur in the name, description or seller (`ILIKE`
    /// with `%`, `_` and `\` escaped: the search string is always text, never syntax). Like SQLite's, a
    /// page reads either a narrowing filter's candidate set (under `cap` rows, counted in that filter's
    /// index) or walks the sort's index at most `budget` rows (`CatalogueQueryWalk`; a page whose filters
    /// match little there ends early with a cursor). `rank` orders in SQLite's two tiers, every term in
    /// the name first, then the other matches, each newest first, walked on the primary key.
    func postgresQuery(_ request: CatalogueQueryRequest, now: Timestamp, cap: Int, budget: Int) throws(StoreError) -> CatalogueQueryPage {
        let query = request.query
        let terms = query.search.map { $0.split(whereSeparator: { $0.isWhitespace }).map(String.init) } ?? []
        var conditions = CatalogueQueryConditions(query, now: now.millisecondsSinceEpoch, dialect: .postgres)
        for term in terms {
            let pattern = StoreValue.text("%" + Self.likeEscaped(term) + "%")
            conditions.append(.init(sql: "p.name ILIKE ? ESCAPE '\\' OR p.description ILIKE ? ESCAPE '\\' OR p.seller ILIKE ? ESCAPE '\\'",
                                    values: [pattern, pattern, pattern]))
        }
        let filter = conditions.combined
        return try withDatabase { database throws(StoreError) -> CatalogueQueryPage in
            if query.sort == .rank && !terms.isEmpty {
                return try Self.postgresRankedPage(request, terms: terms, filter: filter, budget: budget, database: database)
            }
            let sort = query.sort == .rank ? CatalogueQuery.Sort.id : query.sort
            let key = Self.postgresSortKey(sort)
            var smallest = cap
            for narrowing in conditions.narrowing {
                let count = try Self.cappedCount("SELECT 1 FROM products p WHERE \(narrowing.condition.sql) ORDER BY \(narrowing.order)",
                                                 narrowing.condition.values, database, cap: cap)
                smallest = min(smallest, count)
            }
            if smallest < cap {
                return try Self.candidatePage(request, source: "products p", key: key, filter: filter, database: database)
            }
            let walks = CatalogueQueryWalk.sorted(from: "products p", key: key, cursor: request.cursor, isID: sort == .id)
            return try CatalogueQueryWalk.page(walks, filter: { _ in filter }, limit: request.limit, budget: budget, database: database) { _, key, id in
                QueryCursor(sort: query.sort, key: key, id: id)
            }
        }
    }

    /// A ranked page on PostgreSQL: tier 0 (every term in the name), then tier 1, each newest first.
    private static func postgresRankedPage(_ request: CatalogueQueryRequest, terms: [String], filter: CatalogueQueryConditions.Condition,
                                           budget: Int, database: any StoreDatabase) throws(StoreError) -> CatalogueQueryPage {
        let inName = CatalogueQueryConditions.Condition(sql: terms.map { _ in "p.name ILIKE ? ESCAPE '\\'" }.joined(separator: " AND "),
                                                        values: terms.map { .text("%" + likeEscaped($0) + "%") })
        let startTier = request.cursor.map { $0.key == 1 ? 1 : 0 } ?? 0
        let tiers = Array(startTier...1)
        let walks = tiers.map { tier -> CatalogueQueryWalk in
            guard tier == startTier, let cursor = request.cursor else {
                return CatalogueQueryWalk(from: "products p", range: .init(sql: "1 = 1"), key: "\(tier)", order: "p.id DESC")
            }
            return CatalogueQueryWalk(from: "products p", range: .init(sql: "p.id < ?", values: [.integer(cursor.id)]), key: "\(tier)", order: "p.id DESC")
        }
        let filters = tiers.map { tier in
            CatalogueQueryConditions.Condition(sql: "(\(filter.sql)) AND \(tier == 0 ? "" : "NOT ")(\(inName.sql))", values: filter.values + inName.values)
        }
        return try CatalogueQueryWalk.page(walks, filter: { filters[$0] }, limit: request.limit, budget: budget, database: database) { _, tier, id in
            QueryCursor(sort: request.query.sort, key: tier, id: id)
        }
    }

    /// The SQL expression a sort orders by on PostgreSQL (ascending, then id; rank without search is none).
    /// Price, activity and bids order by the stored sort keys, which follow bids within about a second
    /// (schema 7: the bid path's own update of a product then changes no index key).
    static func postgresSortKey(_ sort: CatalogueQuery.Sort) -> String {
        switch sort {
        case .id: "p.id"
        case .rank: "0"
        case .ending: CatalogueQueryConditions.ending(.postgres)
        case .price: CatalogueQueryConditions.sortPrice(.postgres)
        case .new: "-p.listed_at"
        case .change: "-p.sort_change"
        case .bids: "-p.sort_bids"
        }
    }

    /// `text` with `LIKE`'s wildcards and its escape character escaped, so it matches only itself.
    static func likeEscaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
