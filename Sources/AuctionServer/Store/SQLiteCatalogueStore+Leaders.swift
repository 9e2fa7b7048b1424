import AuctionCore

extension SQLiteCatalogueStore {
    /// Who leads each auction: the user of its latest bid (anonymous bids lead nobody).
    public func leaders() throws(StoreError) -> [ProductID: UserID] {
        try withDatabase { database throws(StoreError) -> [ProductID: UserID] in
            let rows = try database.rows("""
                SELECT product_id, user_id FROM bids
                WHERE id IN (SELECT MAX(id) FROM bids GROUP BY product_id) AND user_id IS NOT NULL
                """) { (ProductID(Int($0.int64(0))), UserID(rawValue: $0.int64(1))) }
            return Dictionary(rows, uniquingKeysWith: { _, last in last })
        }
    }

    /// A user's name, or nil when there is no such user.
    public func userName(of user: UserID) throws(StoreError) -> String? {
        try withDatabase { database throws(StoreError) -> String? in
            let names = try database.rows("SELECT name FROM users WHERE id = ?", [.integer(user.rawValue)]) { $0.text(0) }
            return names.first
        }
    }

    /// Moves a product's end time (fixtures that make an auction end during a test).
    public func setEnd(of product: ProductID, to end: Timestamp) throws(StoreError) {
        try withDatabase { database throws(StoreError) -> Void in
            try database.write("UPDATE products SET ends_at = ? WHERE id = ?",
                             [.integer(end.millisecondsSinceEpoch), .integer(Int64(product.rawValue))])
        }
    }
}
