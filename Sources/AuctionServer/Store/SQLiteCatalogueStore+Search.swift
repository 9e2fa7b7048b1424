import AuctionCore

extension CatalogueStore {
    /// One page of a ranked search: lots whose name holds every term first (tier 0), then the other
    /// matches (tier 1, a term in the description or seller), each tier newest first.
    ///
    /// Each tier is one walk of a search index in descending id order that stops at the page's end
    /// (`CatalogueSearchPlan`): for long terms tier 0 walks `product_names` (names only, so a word common
    /// in descriptions but rare in names costs little) and tier 1 `product_search` with `NOT name : (…)`;
    /// CJK pairs and short words walk `product_pairs` / `product_words` the same way. Nothing is scored
    /// or sorted per match, so a word found in half the catalogue costs what a rare one does. Each walk
    /// visits at most `budget` index rows (`CatalogueQueryWalk`): filters that match few of them end
    /// the page early. The FTS engine's own work between matches (terms that seldom meet walk their
    /// postings far) is bounded by an id window: a walk covers at most `budget` × `searchWindowBudgets`
    /// lot ids below where it starts, and a page whose window runs out ends there, early, with a cursor.
    /// The cursor's key is the tier, its id the last lot (or the last row visited, or the window's end).
    static func rankedPage(_ request: CatalogueQueryRequest, terms: SearchTerms, conditions: CatalogueQueryConditions, cap: Int,
                           budget: Int, database: SQLiteDatabase) throws(StoreError) -> CatalogueQueryPage {
        let plan = CatalogueSearchPlan(terms)
        var conditions = conditions
        for check in try plan.checks(database: database, cap: cap) { conditions.append(check) }
        let filter = conditions.combined
        let startTier = request.cursor.map { $0.key == 1 ? 1 : 0 } ?? 0
        let top = (try database.scalarInteger("SELECT max(id) FROM products") ?? 0) + 1
        let (window, overflow) = Int64(budget).multipliedReportingOverflow(by: Int64(searchWindowBudgets))
        let walks = (startTier..<plan.tiers.count).map { tier -> CatalogueQueryWalk in
            let source = plan.tiers[tier]
            var range = source.condition
            let below = tier == startTier ? min(request.cursor?.id ?? top, top) : top
            range.sql += " AND \(source.idColumn) < ?"
            range.values.append(.integer(below))
            var walk = CatalogueQueryWalk(from: source.from, range: range, key: "\(tier)", order: "\(source.idColumn) DESC")
            if !overflow, below - window > 1 {
                walk.range.sql += " AND \(source.idColumn) >= ?"
                walk.range.values.append(.integer(below - window))
                walk.floor = (key: Int64(tier), id: below - window)
            }
            return walk
        }
        return try CatalogueQueryWalk.page(walks, filter: { _ in filter }, limit: request.limit, budget: budget, database: database) { _, tier, id in
            QueryCursor(sort: request.query.sort, key: tier, id: id)
        }
    }
}
