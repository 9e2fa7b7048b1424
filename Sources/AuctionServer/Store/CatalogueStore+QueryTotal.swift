import AuctionCore

extension CatalogueStore {
    /// How many lots `request`'s filters match at `now`, counting no further than `cap` (the query's
    /// `total`); nil for a search, whose terms are checked per row walked and would cost a walk of the whole
    /// catalogue to count (`search` pages keep their row budget; their `total` is `null`).
    public func queryTotal(_ request: CatalogueQueryRequest, now: Timestamp, cap: Int = queryTotalCap) throws(StoreError) -> Int? {
        guard request.query.search == nil else { return nil }
        let filter = CatalogueQueryConditions(request.query, now: now.millisecondsSinceEpoch, dialect: dialect).combined
        return try withDatabase { database throws(StoreError) -> Int in
            try Self.cappedCount("SELECT 1 FROM products p WHERE \(filter.sql)", filter.values, database, cap: max(1, cap))
        }
    }

    /// The most lots a query's `total` counts (one index or table scan of the filters' columns, on its first page only).
    public static let queryTotalCap = 1_000_000
}
