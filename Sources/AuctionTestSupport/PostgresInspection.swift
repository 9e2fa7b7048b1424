import AuctionServer

/// Reads a cluster's PostgreSQL store directly, for tests that compare what clients saw with what
/// was committed.
public enum PostgresInspection {
    /// One stored bid.
    public struct StoredBid: Hashable, Sendable {
        /// The product.
        public var product: Int
        /// The accepted price.
        public var price: Int64
        /// The product's accepted-bid count after this bid (`bids.seq`).
        public var seq: Int64
    }

    /// Every stored bid, by product then `seq`.
    public static func bids(_ url: String) throws -> [StoredBid] {
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        return try connection.query("SELECT product_id, price, seq FROM bids ORDER BY product_id, seq, id") { row in
            StoredBid(product: Int(row.int64(0)), price: row.int64(1), seq: row.int64(2))
        }
    }

    /// Each product's current price and accepted-bid count, by product id.
    public static func products(_ url: String) throws -> [Int: (price: Int64, bidCount: Int64)] {
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        let rows = try connection.query("SELECT id, current_price, bid_count FROM products") { row in
            (Int(row.int64(0)), row.int64(1), row.int64(2))
        }
        return Dictionary(rows.map { ($0.0, (price: $0.1, bidCount: $0.2)) }) { first, _ in first }
    }
}
