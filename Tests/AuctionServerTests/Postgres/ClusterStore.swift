import AuctionCore
@testable import AuctionServer
import AuctionTestSupport

/// A migrated PostgreSQL database holding the same lots as `ServerFixture.listings`, and bids
/// committed on it as another node's ledger writes them (row locked, `seq`, NOTIFY at commit).
final class ClusterStore: @unchecked Sendable {
    let fixture: PostgresFixture
    let connection: PostgresConnection
    /// The user the other node's bids are from.
    static let remoteBidder: Int64 = 7

    init(products: Int) throws {
        fixture = try PostgresFixture()
        connection = try PostgresConnection(fixture.url)
        try PostgresSchema.migrate(connection)
        try connection.run("INSERT INTO users (id, name, password_hash, created_at) VALUES (?, 'remote', 'x', 0)",
                           [.integer(Self.remoteBidder)])
        // Registered users continue after it (the seventh registration would take its id otherwise).
        _ = try connection.scalarInteger("SELECT setval(pg_get_serial_sequence('users', 'id'), \(Self.remoteBidder))")
        for id in 1...products {
            try connection.run("""
                INSERT INTO products (id, name, seller, start_price, current_price, last_change_at, listed_at)
                VALUES (?, ?, 'seller', 10000, 10000, 0, 0)
                """, [.integer(Int64(id)), .text("Item \(id)")])
        }
    }

    /// The server configuration's `--store` value.
    var store: PostgresConnectionString { try! PostgresConnectionString(fixture.url) }

    /// Commits a bid as a node's ledger would; returns its `seq`.
    @discardableResult
    func commitBid(product: Int, price: Int64, at time: Int64 = 1_000, notify: Bool = true) throws -> Int64 {
        try connection.transaction { () throws(StoreError) -> Int64 in
            let rows = try connection.query("SELECT current_price, bid_count FROM products WHERE id = ? FOR UPDATE",
                                            [.integer(Int64(product))]) { ($0.int64(0), $0.int64(1)) }
            let (previous, count) = rows[0]
            let sequence = count + 1
            try connection.run("""
                INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, seq) VALUES (?, ?, ?, ?, ?, ?)
                """, [.integer(Int64(product)), .integer(price), .integer(previous), .integer(Self.remoteBidder),
                      .integer(time), .integer(sequence)])
            try connection.run("UPDATE products SET current_price = ?, last_change = ?, last_change_at = ? WHERE id = ?",
                               [.integer(price), .integer(price - previous), .integer(time), .integer(Int64(product))])
            if notify { try connection.notify("auction_bids", payload: "\(product):\(sequence)") }
            return sequence
        }
    }

    /// Records a close as the node holding the closing duty does, and announces it.
    func recordClose(product: Int, at time: Int64 = 2_000) throws {
        try connection.transaction { () throws(StoreError) in
            try connection.run("""
                UPDATE products SET closed_at = ?, final_price = current_price,
                    winner_id = (SELECT user_id FROM bids WHERE product_id = ? ORDER BY seq DESC LIMIT 1)
                WHERE id = ? AND closed_at IS NULL
                """, [.integer(time), .integer(Int64(product)), .integer(Int64(product))])
            try connection.notify("auction_closes", payload: "\(product)")
        }
    }

    /// Ends another session's backend (a broken connection, as PostgreSQL restarting would cause).
    func terminate(backend pid: Int64) throws {
        _ = try connection.scalarInteger("SELECT CASE WHEN pg_terminate_backend(?::integer) THEN 1 ELSE 0 END", [.integer(pid)])
    }
}

extension ClusterStore {
    /// Stores a notice for the remote bidder as the deciding node does, and announces its id.
    @discardableResult
    func storeNotice(kind: String = "outbid", product: Int, price: Int64) throws -> Int64 {
        try connection.transaction { () throws(StoreError) -> Int64 in
            let id = try connection.scalarInteger("""
                INSERT INTO notifications (user_id, kind, product_id, price, created_at) VALUES (?, ?, ?, ?, 0) RETURNING id
                """, [.integer(Self.remoteBidder), .text(kind), .integer(Int64(product)), .integer(price)]) ?? 0
            try connection.notify("auction_notices", payload: "\(id)")
            return id
        }
    }
}
