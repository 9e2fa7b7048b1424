import AuctionCore
import AuctionInfrastructure

/// A bidder's own records in the store (SQLite or PostgreSQL): the products they bid on (`GET /me/bids`) and their watchlist.
///
/// Thread-safe (`Sendable`): one connection behind a lock (`StoreConnection`). The server calls it from its catalogue
/// readers, never from the event loop.
public final class BidderStore: Sendable {
    /// What adding to a watchlist did.
    public enum WatchOutcome: Hashable, Sendable {
        /// The product is on the list (now, or already).
        case watched
        /// There is no such product.
        case unknownProduct
        /// The list already holds `capacity` products; nothing was added.
        case full(capacity: Int)
    }

    private let connection: StoreConnection

    /// Opens (creating and migrating if needed) the store at `path`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        connection = try StoreConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens the store at `target` (a PostgreSQL store must be migrated first: `PostgresSchema.migrate`).
    public init(target: StoreTarget) throws(StoreError) {
        connection = try StoreConnection(target)
    }

    /// Closes the connection; later calls fail with `.closed`.
    public func close() {
        connection.close()
    }

    /// The products `user` has bid on — at most `limit`, those bid on most recently — each with the
    /// user's highest bid that stands (a retracted one counts for nothing) and proxy maximum, the price, the end (or close) time and the user's status,
    /// ordered by time left (`MyBidRules.ordered`).
    public func myBids(of user: UserID, limit: Int) throws(StoreError) -> [MyBid] {
        let rows = try connection.withDatabase { database throws(StoreError) -> [MyBid] in
            try database.rows("""
                WITH mine AS (
                    SELECT product_id, MAX(price) AS highest, MAX(id) AS last_bid
                    FROM bids WHERE user_id = ? AND retracted_at IS NULL GROUP BY product_id ORDER BY last_bid DESC LIMIT ?
                )
                SELECT p.id, p.name, m.highest, x.maximum, COALESCE(p.final_price, p.current_price),
                       COALESCE(p.closed_at, p.ends_at), CASE WHEN p.closed_at IS NULL THEN 0 ELSE 1 END, p.winner_id,
                       (SELECT b.user_id FROM bids b WHERE b.product_id = p.id AND b.retracted_at IS NULL ORDER BY b.id DESC LIMIT 1)
                FROM mine m JOIN products p ON p.id = m.product_id
                LEFT JOIN proxy_maximums x ON x.product_id = p.id AND x.user_id = ?
                """, [.integer(user.rawValue), .integer(Int64(max(0, limit))), .integer(user.rawValue)]) { row in
                let status = MyBidRules.status(
                    of: user, leader: row.optionalInt64(8).map(UserID.init(rawValue:)), isClosed: row.int64(6) != 0,
                    winner: row.optionalInt64(7).map(UserID.init(rawValue:)))
                return MyBid(productID: ProductID(Int(row.int64(0))), productName: row.text(1), myHighest: Money(row.int64(2)),
                             myMaximum: row.optionalInt64(3).map { Money($0) }, currentPrice: Money(row.int64(4)),
                             endTime: row.optionalInt64(5).map(Timestamp.init(millisecondsSinceEpoch:)), status: status)
            }
        }
        return MyBidRules.ordered(rows)
    }

    /// The ids on `user`'s watchlist, oldest addition first.
    public func watchlist(of user: UserID) throws(StoreError) -> [ProductID] {
        try connection.withDatabase { database throws(StoreError) -> [ProductID] in
            try database.rows("SELECT product_id FROM watchlist WHERE user_id = ? ORDER BY added_at, product_id",
                               [.integer(user.rawValue)]) { ProductID(Int($0.int64(0))) }
        }
    }

    /// Adds `product` to `user`'s watchlist unless it is unknown or the list holds `capacity` products
    /// (a product already there is `.watched` and keeps its place).
    public func watch(_ product: ProductID, for user: UserID, capacity: Int, at time: Timestamp) throws(StoreError) -> WatchOutcome {
        try connection.withDatabase { database throws(StoreError) -> WatchOutcome in
            try database.inTransaction { () throws(StoreError) -> WatchOutcome in
                let key = StoreValue.integer(Int64(product.rawValue)), owner = StoreValue.integer(user.rawValue)
                guard try database.scalarInteger("SELECT COUNT(*) FROM products WHERE id = ?", [key]) == 1 else {
                    return .unknownProduct
                }
                if try database.scalarInteger("SELECT COUNT(*) FROM watchlist WHERE user_id = ? AND product_id = ?", [owner, key]) == 1 {
                    return .watched
                }
                let count = try database.scalarInteger("SELECT COUNT(*) FROM watchlist WHERE user_id = ?", [owner]) ?? 0
                guard count < Int64(capacity) else { return .full(capacity: capacity) }
                try database.write("INSERT INTO watchlist (user_id, product_id, added_at) VALUES (?, ?, ?)",
                                 [owner, key, .integer(time.millisecondsSinceEpoch)])
                return .watched
            }
        }
    }

    /// Removes `product` from `user`'s watchlist; false when there is no such product (not on the list: true).
    public func unwatch(_ product: ProductID, for user: UserID) throws(StoreError) -> Bool {
        try connection.withDatabase { database throws(StoreError) -> Bool in
            let key = StoreValue.integer(Int64(product.rawValue))
            guard try database.scalarInteger("SELECT COUNT(*) FROM products WHERE id = ?", [key]) == 1 else { return false }
            try database.write("DELETE FROM watchlist WHERE user_id = ? AND product_id = ?", [.integer(user.rawValue), key])
            return true
        }
    }
}
