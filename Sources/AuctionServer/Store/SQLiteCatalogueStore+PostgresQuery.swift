import AuctionCore

/// The catalogue query on PostgreSQL: the same filters, sorts and keyset pages as SQLite's, with search
/// through migration 2's `pg_trgm` indexes instead of FTS5.
extension SQLiteCatalogueStore {
    /// One keyset page of `query` at `now` on PostgreSQL.
    ///
    /// Each whitespace-separated search term must occur in the name, description or seller (`ILIKE`
    /// with `%`, `_` and `\` escaped: the search string is always text, never syntax); `rank` orders by
    /// trigram similarity, name weighed most, then seller, then description.
    func postgresQuery(_ query: ProductQuery, now: Timestamp) throws(StoreError) -> CatalogueQueryPage {
        let terms = query.search.map { $0.split(whereSeparator: { $0.isWhitespace }).map(String.init) } ?? []
        let ranked = query.sort == .rank && !terms.isEmpty
        var values: [SQLiteValue] = []
        var conditions = ["p.withdrawn_at IS NULL"]  // withdrawn lots leave every list
        for term in terms {
            conditions.append("(p.name ILIKE ? ESCAPE '\\' OR p.description ILIKE ? ESCAPE '\\' OR p.seller ILIKE ? ESCAPE '\\')")
            let pattern = SQLiteValue.text("%" + Self.likeEscaped(term) + "%")
            values += [pattern, pattern, pattern]
        }
        let nowValue = now.millisecondsSinceEpoch
        let open = "(p.closed_at IS NULL AND (p.ends_at IS NULL OR p.ends_at > \(nowValue)))"
        switch query.status {
        case .open: conditions.append(open)
        case .closed: conditions.append("NOT " + open)
        case .all: break
        }
        if let within = query.endingWithinSeconds {
            let (span, overflow) = within.multipliedReportingOverflow(by: 1_000)
            let (limit, overflowAgain) = nowValue.addingReportingOverflow(span)
            conditions.append("(p.ends_at IS NOT NULL AND p.ends_at > \(nowValue) AND p.ends_at <= \(overflow || overflowAgain ? Int64.max : limit))")
        }
        if let minimum = query.minimumPrice { conditions.append("p.current_price >= \(minimum.minorUnits)") }
        if let maximum = query.maximumPrice { conditions.append("p.current_price <= \(maximum.minorUnits)") }
        if let seller = query.seller {
            conditions.append("p.seller = ?")
            values.append(.text(seller))
        }
        var key = Self.postgresSortKey(query.sort)
        var keyValues: [SQLiteValue] = []
        if ranked {
            let text = SQLiteValue.text(terms.joined(separator: " "))
            key = "(-(10 * similarity(p.name, ?) + 3 * similarity(p.seller, ?) + similarity(p.description, ?)))::float8"
            keyValues = [text, text, text]
        }
        var outer = ""
        var cursorValues: [SQLiteValue] = []
        if let cursor = query.cursor {
            outer = " WHERE k >= ? AND (k > ? OR id > ?)"
            let boundary: SQLiteValue = ranked ? .real(Double(bitPattern: UInt64(bitPattern: cursor.key))) : .integer(cursor.key)
            cursorValues = [boundary, boundary, .integer(cursor.id)]
        }
        let sql = "SELECT id, k, seller FROM (SELECT p.id AS id, \(key) AS k, p.seller AS seller FROM products p WHERE "
            + conditions.joined(separator: " AND ") + ") AS page\(outer) ORDER BY k, id LIMIT \(query.limit + 1)"
        let rows = try withDatabase { database throws(StoreError) in
            try database.rows(sql, keyValues + values + cursorValues) { row in
                (ProductID(Int(row.int64(0))), ranked ? Int64(bitPattern: row.double(1).bitPattern) : row.int64(1), row.text(2))
            }
        }
        let page = rows.prefix(query.limit)
        let next = rows.count > query.limit ? page.last.map { QueryCursor(sort: query.sort, key: $0.1, id: Int64($0.0.rawValue)) } : nil
        return CatalogueQueryPage(ids: page.map(\.0), sellers: Dictionary(page.map { ($0.0, $0.2) }, uniquingKeysWith: { first, _ in first }),
                                  next: next)
    }

    /// The SQL expression a sort orders by on PostgreSQL (ascending, then id; rank without search is none).
    static func postgresSortKey(_ sort: ProductQuery.Sort) -> String {
        switch sort {
        case .id: "p.id"
        case .rank: "0"
        case .ending: "COALESCE(p.ends_at, 9223372036854775807)"
        case .price: "p.current_price"
        case .new: "-p.listed_at"
        case .change: "-p.last_change"
        case .bids: "-p.bid_count"
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
