extension PostgresConnection {
    /// Every stored bid as (product id, price, seq), by product then seq (checks from another connection).
    public func storedBidSequence() throws(StoreError) -> [(product: Int, price: Int64, seq: Int64)] {
        try query("SELECT product_id, price, seq FROM bids ORDER BY product_id, seq, id") { (Int($0.int64(0)), $0.int64(1), $0.int64(2)) }
    }

    /// Every product's stored current price and accepted-bid count, by product id.
    public func storedPricesAndBidCounts() throws(StoreError) -> [(product: Int, price: Int64, bidCount: Int64)] {
        try query("SELECT id, current_price, bid_count FROM products ORDER BY id") { (Int($0.int64(0)), $0.int64(1), $0.int64(2)) }
    }
}
