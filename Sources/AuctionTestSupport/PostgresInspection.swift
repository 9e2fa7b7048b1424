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
        return try connection.storedBidSequence().map { StoredBid(product: $0.product, price: $0.price, seq: $0.seq) }
    }

    /// Each product's current price and accepted-bid count, by product id.
    public static func products(_ url: String) throws -> [Int: (price: Int64, bidCount: Int64)] {
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        let rows = try connection.storedPricesAndBidCounts()
        return Dictionary(rows.map { ($0.product, (price: $0.price, bidCount: $0.bidCount)) }) { first, _ in first }
    }
}
