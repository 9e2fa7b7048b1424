import AuctionCore

extension SQLiteCatalogueStore {
    /// One page of a ranked search: lots whose name holds every term first (tier 0), then the other
    /// matches (tier 1, a term in the description or seller), each tier newest first.
    ///
    /// Each tier is one walk of a search index in descending id order that stops at the page's end
    /// (`CatalogueSearchPlan`): for long terms tier 0 walks `product_names` (names only, so a word common
    /// in descriptions but rare in names costs little) and tier 1 `product_search` with `NOT name : (…)`;
    /// CJK pairs and short words walk `product_pairs` / `product_words` the same way. Nothing is scored
    /// or sorted per match, so a word found in half the catalogue costs what a rare one does. The
    /// cursor's key is the tier, its id the last lot.
    static func rankedPage(_ request: CatalogueQueryRequest, terms: SearchTerms, conditions: CatalogueQueryConditions, cap: Int,
                           database: SQLiteDatabase) throws(StoreError) -> CatalogueQueryPage {
        let query = request.query
        let plan = CatalogueSearchPlan(terms)
        var conditions = conditions
        for check in try plan.checks(database: database, cap: cap) { conditions.append(check) }
        let filter = conditions.combined
        let startTier = request.cursor.map { $0.key == 1 ? 1 : 0 } ?? 0
        var rows: [(id: ProductID, seller: String, tier: Int)] = []
        for tier in startTier..<plan.tiers.count where rows.count <= request.limit {
            let source = plan.tiers[tier]
            var values = source.condition.values + filter.values
            var bound = ""
            if tier == startTier, let cursor = request.cursor {
                bound = " AND \(source.idColumn) < ?"
                values.append(.integer(cursor.id))
            }
            let sql = "SELECT p.id, p.seller FROM \(source.from) WHERE \(source.condition.sql) AND \(filter.sql)"
                + "\(bound) ORDER BY \(source.idColumn) DESC LIMIT \(request.limit + 1 - rows.count)"
            rows += try database.query(sql, values) { row in (ProductID(Int(row.int64(0))), row.text(1), tier) }
        }
        let page = rows.prefix(request.limit)
        let next = rows.count > request.limit
            ? page.last.map { QueryCursor(sort: query.sort, key: Int64($0.tier), id: Int64($0.id.rawValue)) } : nil
        return CatalogueQueryPage(ids: page.map(\.id), sellers: Dictionary(page.map { ($0.id, $0.seller) }, uniquingKeysWith: { first, _ in first }),
                                  next: next)
    }
}
