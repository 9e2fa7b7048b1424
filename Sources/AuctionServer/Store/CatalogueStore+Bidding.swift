import AuctionCore

/// What the server restores at start beyond prices and leaders: terms, secret maximums, bidders,
/// bid counts and the idempotency keys of recent bids.
extension CatalogueStore {
    /// Every product's terms that differ from none (reserve, buy-now, soft-close overrides, extensions, purchase).
    public func lotTerms() throws(StoreError) -> [ProductID: LotTerms] {
        try withDatabase { database throws(StoreError) -> [ProductID: LotTerms] in
            let rows = try database.rows("""
                SELECT id, reserve_price, buy_now_price, extend_window_ms, extend_by_ms, max_extensions, extensions, bought_at
                FROM products
                WHERE reserve_price IS NOT NULL OR buy_now_price IS NOT NULL OR extend_window_ms IS NOT NULL
                   OR extend_by_ms IS NOT NULL OR max_extensions IS NOT NULL OR extensions > 0 OR bought_at IS NOT NULL
                """) { row in
                (ProductID(Int(row.int64(0))), LotTerms(
                    reservePrice: row.optionalInt64(1).map { Money($0) }, buyNowPrice: row.optionalInt64(2).map { Money($0) },
                    extendWindowMilliseconds: row.optionalInt64(3), extendByMilliseconds: row.optionalInt64(4),
                    maximumExtensions: row.optionalInt64(5).map { Int(clamping: $0) }, extensions: Int(clamping: row.int64(6)),
                    boughtAt: row.optionalInt64(7).map(Timestamp.init(millisecondsSinceEpoch:))))
            }
            return Dictionary(rows, uniquingKeysWith: { _, last in last })
        }
    }

    /// Sets a product's terms (the demo catalogue, tests and fixtures).
    public func setTerms(of product: ProductID, _ terms: LotTerms) throws(StoreError) {
        try withDatabase { database throws(StoreError) -> Void in
            try database.write("""
                UPDATE products SET reserve_price = ?, buy_now_price = ?, extend_window_ms = ?, extend_by_ms = ?,
                                    max_extensions = ?, extensions = ?, bought_at = ? WHERE id = ?
                """, [
                    .integer(terms.reservePrice?.minorUnits), .integer(terms.buyNowPrice?.minorUnits),
                    .integer(terms.extendWindowMilliseconds), .integer(terms.extendByMilliseconds),
                    .integer(terms.maximumExtensions.map(Int64.init)), .integer(Int64(terms.extensions)),
                    .integer(terms.boughtAt?.millisecondsSinceEpoch), .integer(Int64(product.rawValue)),
                ])
        }
    }

    /// Every stored proxy maximum: product, user, maximum and when it was placed.
    public func proxyMaximums() throws(StoreError) -> [(productID: ProductID, user: UserID, maximum: Money, placedAt: Timestamp)] {
        try withDatabase { database throws(StoreError) in
            try database.rows("SELECT product_id, user_id, maximum, placed_at FROM proxy_maximums ORDER BY product_id, placed_at") { row in
                (productID: ProductID(Int(row.int64(0))), user: UserID(rawValue: row.int64(1)), maximum: Money(row.int64(2)),
                 placedAt: Timestamp(millisecondsSinceEpoch: row.int64(3)))
            }
        }
    }

    /// Who bid on each product (logged-in bidders), in the order of their first bid.
    public func bidders() throws(StoreError) -> [ProductID: [UserID]] {
        try withDatabase { database throws(StoreError) -> [ProductID: [UserID]] in
            let rows = try database.rows("""
                SELECT product_id, user_id FROM bids WHERE user_id IS NOT NULL
                GROUP BY product_id, user_id ORDER BY product_id, MIN(id)
                """) { (ProductID(Int($0.int64(0))), UserID(rawValue: $0.int64(1))) }
            var bidders: [ProductID: [UserID]] = [:]
            for (product, user) in rows { bidders[product, default: []].append(user) }
            return bidders
        }
    }

    /// How many bids each product has (proxy steps included).
    public func bidCounts() throws(StoreError) -> [ProductID: Int] {
        try withDatabase { database throws(StoreError) -> [ProductID: Int] in
            let rows = try database.rows("SELECT product_id, COUNT(*) FROM bids GROUP BY product_id") {
                (ProductID(Int($0.int64(0))), Int($0.int64(1)))
            }
            return Dictionary(rows, uniquingKeysWith: { _, last in last })
        }
    }

    /// Each edited product's terms version (`edited_at`: every seller's edit changes it).
    public func termsVersions() throws(StoreError) -> [ProductID: Int64] {
        try withDatabase { database throws(StoreError) -> [ProductID: Int64] in
            let rows = try database.rows("SELECT id, edited_at FROM products WHERE edited_at IS NOT NULL") {
                (ProductID(Int(clamping: $0.int64(0))), $0.int64(1))
            }
            return Dictionary(rows, uniquingKeysWith: { _, last in last })
        }
    }

    /// The newest `limit` bids accepted with an idempotency key at or after `since`, newest first.
    public func keyedBids(since: Timestamp, limit: Int) throws(StoreError) -> [AcceptedBid] {
        try withDatabase { database throws(StoreError) -> [AcceptedBid] in
            try database.rows("""
                SELECT \(AcceptedBid.storedColumns) FROM bids
                WHERE idempotency_key IS NOT NULL AND user_id IS NOT NULL AND accepted_at >= ?
                ORDER BY id DESC LIMIT ?
                """, [.integer(since.millisecondsSinceEpoch), .integer(Int64(limit))]) { AcceptedBid(storedRow: $0) }
        }
    }

    /// Demo lots that show the bidding terms: a hidden reserve at twice the price on products 2, 6
    /// and 9 (among the first ten the demo feed raises), a buy-now at three times it on 3, 8 and 12.
    static func addDemoTerms(into database: any StoreDatabase) throws(StoreError) {
        try database.write("UPDATE products SET reserve_price = current_price * 2 WHERE id IN (2, 6, 9) AND current_price > 0")
        try database.write("UPDATE products SET buy_now_price = current_price * 3 WHERE id IN (3, 8, 12) AND current_price > 0")
    }

    /// The demo feed's proxy bidders: users `sim-ada`, `sim-bo` and `sim-cy`, created when missing
    /// with a password hash no password matches (nobody can log in as them).
    public func simulatedProxyBidders(now: Timestamp) throws(StoreError) -> [UserID] {
        try withDatabase { database throws(StoreError) -> [UserID] in
            let names = ["sim-ada", "sim-bo", "sim-cy"]
            for name in names {
                try database.write("INSERT INTO users (name, password_hash, created_at) VALUES (?, '!', ?) ON CONFLICT DO NOTHING",
                                 [.text(name), .integer(now.millisecondsSinceEpoch)])
            }
            return try database.rows("SELECT id FROM users WHERE name IN ('sim-ada', 'sim-bo', 'sim-cy') ORDER BY id") {
                UserID(rawValue: $0.int64(0))
            }
        }
    }
}
