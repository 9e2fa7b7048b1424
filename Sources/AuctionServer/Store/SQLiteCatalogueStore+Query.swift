import AuctionCore

extension SQLiteCatalogueStore {
    /// One keyset page of `query` at time `now` (schema 6's `product_search` index and sort indexes).
    ///
    /// Filters and order read the committed rows (`current_price` is written by the ledger as bids commit).
    /// Rows are ordered by (key, id) and the page starts strictly after the cursor's (key, id).
    public func query(_ query: ProductQuery, now: Timestamp) throws(StoreError) -> CatalogueQueryPage {
        if dialect == .postgres { return try postgresQuery(query, now: now) }
        let terms = query.search.map(SearchTerms.init)
        let useIndex = terms?.match != nil
        var values: [SQLiteValue] = []
        var conditions: [String] = []
        if let match = terms?.match {
            conditions.append("product_search MATCH ?")
            values.append(.text(match))
        }
        for term in terms?.shortTerms ?? [] {
            conditions.append("(instr(lower(p.name), ?1x) > 0 OR instr(lower(p.description), ?1x) > 0 OR instr(lower(p.seller), ?1x) > 0)"
                .replacingPlaceholder(with: "?\(values.count + 1)"))
            values.append(.text(term))
        }
        let nowValue = now.millisecondsSinceEpoch
        let open = "(p.closed_at IS NULL AND (p.ends_at IS NULL OR p.ends_at > \(nowValue)))"
        conditions.append("p.withdrawn_at IS NULL")  // withdrawn lots leave every list
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
            conditions.append("p.seller = ?\(values.count + 1)")
            values.append(.text(seller))
        }
        let key = Self.sortKey(query.sort, ranked: useIndex)
        let source = useIndex ? "product_search JOIN products p ON p.id = product_search.rowid" : "products p"
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        var outer = ""
        if let cursor = query.cursor {
            let first = values.count + 1
            outer = " WHERE k >= ?\(first) AND (k > ?\(first) OR id > ?\(first + 1))"
            values.append(query.sort == .rank && useIndex ? .real(Double(bitPattern: UInt64(bitPattern: cursor.key))) : .integer(cursor.key))
            values.append(.integer(cursor.id))
        }
        let sql = "SELECT id, k, seller FROM (SELECT p.id AS id, \(key) AS k, p.seller AS seller FROM \(source)\(filter))"
            + "\(outer) ORDER BY k, id LIMIT \(query.limit + 1)"
        let rank = query.sort == .rank && useIndex
        let rows = try withDatabase { database throws(StoreError) in
            try database.rows(sql, values) { row in
                (ProductID(Int(row.int64(0))), rank ? Int64(bitPattern: row.double(1).bitPattern) : row.int64(1), row.text(2))
            }
        }
        let page = rows.prefix(query.limit)
        let next = rows.count > query.limit ? page.last.map { QueryCursor(sort: query.sort, key: $0.1, id: Int64($0.0.rawValue)) } : nil
        return CatalogueQueryPage(ids: page.map(\.0), sellers: Dictionary(page.map { ($0.0, $0.2) }, uniquingKeysWith: { first, _ in first }),
                                  next: next)
    }

    /// The SQL expression a sort orders by (ascending, then id); each matches one of schema 6's indexes.
    static func sortKey(_ sort: ProductQuery.Sort, ranked: Bool) -> String {
        switch sort {
        case .id: "p.id"
        case .rank: ranked ? "bm25(product_search, 10.0, 1.0, 3.0)" : "0"
        case .ending: "IFNULL(p.ends_at, 9223372036854775807)"
        case .price: "p.current_price"
        case .new: "-p.listed_at"
        case .change: "-p.last_change"
        case .bids: "-p.bid_count"
        }
    }
}

extension String {
    /// The text with `?1x` placeholders replaced by `placeholder`.
    fileprivate func replacingPlaceholder(with placeholder: String) -> String {
        split(separator: "?1x", omittingEmptySubsequences: false).joined(separator: placeholder)
    }
}
