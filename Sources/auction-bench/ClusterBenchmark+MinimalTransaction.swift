// PostgreSQL's own limit for the `cluster` suite: the smallest transaction that stores a batch of
// bids (rows locked in id order, one multi-row UPDATE of the products, one multi-row INSERT of the
// bids, one pg_notify, COMMIT), sent through libpq with no node and no ledger code in between.
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure
import AuctionServer
import Foundation

/// `clients` connections, each committing `bidsPerTransaction` bids on products of its own in a
/// closed loop, one round trip per transaction: the bids/s this machine's PostgreSQL allows.
enum MinimalBidTransaction {
    /// Bids stored per second, or nil when the tables cannot be made.
    static func bidsPerSecond(url: String, clients: Int = 1, bidsPerTransaction: Int = 16, seconds: Double) -> Double? {
        guard let conninfo = try? PostgresConnectionString(url).conninfo, let setup = try? PostgresConnection(conninfo) else { return nil }
        defer { setup.close() }
        do {
            try setup.execute("""
                DROP TABLE IF EXISTS bench_minimal_bids; DROP TABLE IF EXISTS bench_minimal_products;
                CREATE TABLE bench_minimal_products (id bigint PRIMARY KEY, current_price bigint NOT NULL,
                    bid_count bigint NOT NULL, last_change_at bigint NOT NULL);
                CREATE TABLE bench_minimal_bids (id bigserial PRIMARY KEY,
                    product_id bigint NOT NULL REFERENCES bench_minimal_products(id), seq bigint NOT NULL,
                    price bigint NOT NULL, previous_price bigint NOT NULL, placed_at bigint NOT NULL);
                INSERT INTO bench_minimal_products SELECT g, 1000, 0, 0 FROM generate_series(1, \(clients * bidsPerTransaction)) g;
                """)
        } catch {
            print("cluster: minimal transaction set-up failed: \(error)")
            return nil
        }
        defer { try? setup.execute("DROP TABLE IF EXISTS bench_minimal_bids; DROP TABLE IF EXISTS bench_minimal_products") }
        let stored = Mutex(0), stopping = Mutex(false)
        let group = DispatchGroup()
        for client in 0..<clients {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                guard let connection = try? PostgresConnection(conninfo) else { return }
                defer { connection.close() }
                let products = (1...bidsPerTransaction).map { client * bidsPerTransaction + $0 }
                var price: Int64 = 1_000, seq: Int64 = 0
                while !stopping.withLock({ $0 }) {
                    let sql = transaction(products, price: price, seq: seq)
                    guard (try? connection.execute(sql)) != nil else { return }
                    price += 100
                    seq += 1
                    stored.withLock { $0 += bidsPerTransaction }
                }
            }
        }
        let rate = measuredRate(of: stored, seconds: seconds)
        stopping.withLock { $0 = true }
        group.wait()
        return rate
    }

    /// One transaction raising each of `products` from `price` by 100, as one simple-query message.
    private static func transaction(_ products: [Int], price: Int64, seq: Int64) -> String {
        let now = Int64(Date().timeIntervalSince1970 * 1_000)
        let ids = products.map(String.init).joined(separator: ",")
        let updates = products.map { "(\($0), \(price + 100), \(now))" }.joined(separator: ",")
        let bids = products.map { "(\($0), \(seq + 1), \(price + 100), \(price), \(now))" }.joined(separator: ",")
        return """
            BEGIN;
            SELECT id, current_price, bid_count FROM bench_minimal_products WHERE id IN (\(ids)) ORDER BY id FOR UPDATE;
            UPDATE bench_minimal_products p SET current_price = v.price, bid_count = p.bid_count + 1, last_change_at = v.at
              FROM (VALUES \(updates)) AS v(id, price, at) WHERE p.id = v.id;
            INSERT INTO bench_minimal_bids (product_id, seq, price, previous_price, placed_at) VALUES \(bids);
            SELECT pg_notify('bench_minimal', '\(products[0]):\(seq + 1)');
            COMMIT;
            """
    }
}
