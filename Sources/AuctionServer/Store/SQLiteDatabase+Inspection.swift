extension SQLiteDatabase {
    /// Every stored bid as (product id, price), oldest first (checks from another connection).
    public func storedBids() throws(StoreError) -> [(product: Int, price: Int64)] {
        try query("SELECT product_id, price FROM bids ORDER BY id") { (Int($0.int64(0)), $0.int64(1)) }
    }

    /// A product's current price as stored, or nil for an unknown product.
    public func storedCurrentPrice(of product: Int) throws(StoreError) -> Int64? {
        try scalarInteger("SELECT current_price FROM products WHERE id = ?", [.integer(Int64(product))])
    }
}
