import AuctionCore

/// One bounded walk of an index for a catalogue query page: the rows of `from` within `range`, in
/// `order`, at most `budget` of them; the filter is checked on each row visited, and the walk stops at
/// the `wanted`-th match or when the budget is spent. Both engines read the same SQL (`?` values).
///
/// The budget is what keeps a filter that matches little (`status=closed&ending_within=…` walking the
/// price index) from reading the whole catalogue: such a page ends early, short or even empty, with a
/// cursor at the last row visited, and the next page walks on from there.
struct CatalogueQueryWalk {
    /// What a walk found.
    struct Outcome {
        /// The matching rows in order: id, sort key, seller.
        var rows: [(id: Int64, key: Int64, seller: String)]
        /// The last row visited when the budget ran out before `wanted` matches (where the page must
        /// stop); nil when the walk reached the end of its range or found every row it wanted.
        var spentAt: (key: Int64, id: Int64)?
    }

    /// The rows walked (`products p`, with an index hint or a search index joined).
    var from: String
    /// The index range walked (a cursor bound, a search match), with its values.
    var range: CatalogueQueryConditions.Condition
    /// The sort key's SQL (a constant for a ranked tier).
    var key: String
    /// The ORDER BY that follows the index (`k, id`, `p.id`, `f.rowid DESC`).
    var order: String
    /// Where `range` stops short of the index's end, as the cursor a page that runs out there ends with
    /// (a ranked walk's id window); nil when the range runs to the end.
    var floor: (key: Int64, id: Int64)?

    /// Walks at most `budget` rows, checking `filter` on each, until `wanted` match.
    ///
    /// The walk is a subquery with its own `LIMIT budget` in index order, read lazily by the outer query
    /// (SQLite runs it as a co-routine, PostgreSQL as a subquery scan) that stops at the `wanted`-th match:
    /// a full page costs no more than it needs. Only a short page asks where the budget ran out (one more
    /// bounded walk, the index alone), so a page never visits more than twice `budget` rows.
    func run(filter: CatalogueQueryConditions.Condition, wanted: Int, budget: Int,
             database: any StoreDatabase) throws(StoreError) -> Outcome {
        let walk = "FROM \(from) WHERE \(range.sql) ORDER BY \(order)"
        let matches = "SELECT id, k, seller FROM (SELECT p.id AS id, \(key) AS k, p.seller AS seller, "
            + "CASE WHEN \(filter.sql) THEN 1 ELSE 0 END AS ok \(walk) LIMIT \(budget)) AS walk WHERE ok = 1 LIMIT \(wanted)"
        let rows = try database.rows(matches, filter.values + range.values) { row in (id: row.int64(0), key: row.int64(1), seller: row.text(2)) }
        guard rows.count < wanted else { return Outcome(rows: rows, spentAt: nil) }
        let last = "SELECT k, id FROM (SELECT \(key) AS k, p.id AS id \(walk) LIMIT 1 OFFSET \(budget - 1)) AS walk"
        let spent = try database.rows(last, range.values) { row in (key: row.int64(0), id: row.int64(1)) }.first
        return Outcome(rows: rows, spentAt: spent)
    }

    /// The keyset walks of `sort`'s index after `cursor`, in order: the rest of the cursor's key (its
    /// equal keys by id, so many lots at one price cost a seek, not a scan) and then the greater keys.
    static func sorted(from: String, key: String, cursor: QueryCursor?, isID: Bool) -> [CatalogueQueryWalk] {
        guard let cursor else { return [CatalogueQueryWalk(from: from, range: .init(sql: "1 = 1"), key: key, order: "k, id")] }
        let after = CatalogueQueryWalk(from: from, range: .init(sql: "\(key) > ?", values: [.integer(cursor.key)]), key: key, order: "k, id")
        guard !isID else { return [after] }
        let equal = CatalogueQueryWalk(from: from, range: .init(sql: "\(key) = ? AND p.id > ?", values: [.integer(cursor.key), .integer(cursor.id)]),
                                       key: key, order: "p.id")
        return [equal, after]
    }

    /// A page from walks taken in turn, each with its own budget: the first `limit` matches and a cursor
    /// after the last (more matches follow) or at the row where a budget ran out (the page ends early).
    static func page(_ walks: [CatalogueQueryWalk], filter: (Int) -> CatalogueQueryConditions.Condition, limit: Int, budget: Int,
                     database: any StoreDatabase, cursor: (Int, Int64, Int64) -> QueryCursor) throws(StoreError) -> CatalogueQueryPage {
        var rows: [(id: Int64, key: Int64, seller: String, walk: Int)] = []
        var next: QueryCursor?
        for (index, walk) in walks.enumerated() {
            let outcome = try walk.run(filter: filter(index), wanted: limit + 1 - rows.count, budget: budget, database: database)
            rows += outcome.rows.map { ($0.id, $0.key, $0.seller, index) }
            if rows.count > limit {
                let last = rows[limit - 1]
                next = cursor(last.walk, last.key, last.id)
                break
            }
            if let spent = outcome.spentAt {
                next = cursor(index, spent.key, spent.id)
                break
            }
            if let floor = walk.floor {  // the walk's window ran out short of the index's end
                next = cursor(index, floor.key, floor.id)
                break
            }
        }
        let page = rows.prefix(limit)
        return CatalogueQueryPage(ids: page.map { ProductID(Int($0.id)) },
                                  sellers: Dictionary(page.map { (ProductID(Int($0.id)), $0.seller) }, uniquingKeysWith: { first, _ in first }),
                                  next: next)
    }
}
