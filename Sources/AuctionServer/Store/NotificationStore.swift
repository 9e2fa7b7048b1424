import AuctionCore
import AuctionInfrastructure

/// Notifications in the store, SQLite or PostgreSQL (`notifications`, schema version 2; pruned per user through version 4's index), per user, newest first.
///
/// Thread-safe (`Sendable`): one connection behind a lock (`StoreConnection`). Writes are durable commits; the server
/// makes them on its notification thread (`NotificationRelay`), never on the event loop.
final class NotificationStore: Sendable {
    private let connection: StoreConnection
    /// Product names read so far (names do not change while the server runs).
    private let names = Mutex<[ProductID: String]>([:])

    /// Opens (creating and migrating if needed) the store at `path`.
    init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        connection = try StoreConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens the store at `target` (a PostgreSQL store must be migrated first: `PostgresSchema.migrate`).
    init(target: StoreTarget) throws(StoreError) {
        connection = try StoreConnection(target)
    }

    /// Closes the connection; later calls fail with `.closed`.
    func close() {
        connection.close()
    }

    /// Stores one notification; returns its id.
    func insert(_ draft: NotificationDraft) throws(StoreError) -> Int64 {
        try insert([draft])[0].notification.id
    }

    /// Stores notifications in one transaction, in order; returns them with their ids, the
    /// product's name and (for outbid notices) the user's stored maximum when the draft had none.
    func insert(_ drafts: [NotificationDraft]) throws(StoreError) -> [(user: UserID, notification: AuctionNotification)] {
        try connection.withDatabase { database throws(StoreError) -> [(user: UserID, notification: AuctionNotification)] in
            try database.inTransaction { () throws(StoreError) -> [(user: UserID, notification: AuctionNotification)] in
                var stored: [(user: UserID, notification: AuctionNotification)] = []
                stored.reserveCapacity(drafts.count)
                for draft in drafts {
                    var maximum = draft.maximum
                    if maximum == nil, draft.kind == .outbid {
                        maximum = try database.scalarInteger(
                            "SELECT maximum FROM proxy_maximums WHERE product_id = ? AND user_id = ?",
                            [.integer(Int64(draft.productID.rawValue)), .integer(draft.user.rawValue)]).map { Money($0) }
                    }
                    let id = try database.insertReturningID("""
                        INSERT INTO notifications (user_id, kind, product_id, price, maximum, created_at, note)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, [.integer(draft.user.rawValue), .text(draft.kind.rawValue), .integer(Int64(draft.productID.rawValue)),
                              .integer(draft.price?.minorUnits), .integer(maximum?.minorUnits),
                              .integer(draft.createdAt.millisecondsSinceEpoch), draft.note.map { .text($0) } ?? .null])
                    let notice = AuctionNotification(
                        id: id, kind: draft.kind, productID: draft.productID,
                        productName: try name(of: draft.productID, in: database), price: draft.price, maximum: maximum,
                        createdAt: draft.createdAt, note: draft.note)
                    stored.append((draft.user, notice))
                }
                if let first = stored.first?.notification.id, let last = stored.last?.notification.id {
                    // Other nodes push these to their users' connections (ClusterListener); sent at commit.
                    try database.publish(channel: "auction_notices", payload: first == last ? "\(first)" : "\(first):\(last)")
                }
                return stored
            }
        }
    }

    /// Deletes each of `users`' notifications beyond the newest `retention.perUser` and those older than
    /// `retention.maximumAgeMilliseconds` before `now` (one indexed delete per user, `notifications_by_user`);
    /// returns how many went.
    @discardableResult
    func prune(_ users: Set<UserID>, retention: NotificationRetention, now: Timestamp) throws(StoreError) -> Int {
        let oldest = now.adding(milliseconds: -retention.maximumAgeMilliseconds).millisecondsSinceEpoch
        return try connection.withDatabase { database throws(StoreError) -> Int in
            try database.inTransaction { () throws(StoreError) -> Int in
                var deleted = 0
                for user in users.sorted(by: { $0.rawValue < $1.rawValue }) {
                    deleted += Int(try database.write("""
                        DELETE FROM notifications WHERE user_id = ? AND (created_at < ? OR id <= (
                            SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?))
                        """, [.integer(user.rawValue), .integer(oldest), .integer(user.rawValue),
                              .integer(Int64(max(0, retention.perUser)))]))
                }
                return deleted
            }
        }
    }

    /// The user's unseen notifications, newest first, at most `limit`.
    func unseen(for user: UserID, limit: Int) throws(StoreError) -> [AuctionNotification] {
        try read("WHERE n.user_id = ? AND n.seen_at IS NULL", user: user, limit: limit)
    }

    /// The user's newest notifications, seen or not, newest first, at most `limit`.
    func newest(for user: UserID, limit: Int) throws(StoreError) -> [AuctionNotification] {
        try read("WHERE n.user_id = ?", user: user, limit: limit)
    }

    /// Marks the user's unseen notifications with ids up to `id` as seen at `time`; returns how many.
    @discardableResult
    func markSeen(for user: UserID, upTo id: Int64, at time: Timestamp) throws(StoreError) -> Int {
        try connection.withDatabase { database throws(StoreError) -> Int in
            Int(try database.write("UPDATE notifications SET seen_at = ? WHERE user_id = ? AND id <= ? AND seen_at IS NULL",
                                   [.integer(time.millisecondsSinceEpoch), .integer(user.rawValue), .integer(id)]))
        }
    }

    /// The (product, user) pairs already sent an ending-soon notice on auctions still open.
    func endingSoonSent() throws(StoreError) -> [(productID: ProductID, user: UserID)] {
        try connection.withDatabase { database throws(StoreError) -> [(productID: ProductID, user: UserID)] in
            try database.rows("""
                SELECT DISTINCT n.product_id, n.user_id FROM notifications n JOIN products p ON p.id = n.product_id
                WHERE n.kind = ? AND p.closed_at IS NULL
                """, [.text(NotificationKind.endingSoon.rawValue)]) {
                (ProductID(Int($0.int64(0))), UserID(rawValue: $0.int64(1)))
            }
        }
    }

    private func read(_ filter: String, user: UserID, limit: Int) throws(StoreError) -> [AuctionNotification] {
        try connection.withDatabase { database throws(StoreError) -> [AuctionNotification] in
            try database.rows("""
                SELECT n.id, n.kind, n.product_id, p.name, n.price, n.maximum, n.created_at, n.note
                FROM notifications n LEFT JOIN products p ON p.id = n.product_id
                \(filter) ORDER BY n.id DESC LIMIT ?
                """, [.integer(user.rawValue), .integer(Int64(max(0, limit)))]) { (row) throws(StoreError) -> AuctionNotification? in
                guard let kind = NotificationKind(rawValue: row.text(1)) else { return nil }  // a kind a later build wrote
                return AuctionNotification(
                    id: row.int64(0), kind: kind, productID: ProductID(Int(clamping: row.int64(2))),
                    productName: row.optionalText(3), price: row.optionalInt64(4).map { Money($0) },
                    maximum: row.optionalInt64(5).map { Money($0) },
                    createdAt: Timestamp(millisecondsSinceEpoch: row.int64(6)), note: row.optionalText(7))
            }.compactMap { $0 }
        }
    }

    /// A product's name (cached); nil for an unknown product. Called with the connection's lock held.
    private func name(of product: ProductID, in database: any StoreDatabase) throws(StoreError) -> String? {
        if let known = names.withLock({ $0[product] }) { return known }
        let found = try database.rows("SELECT name FROM products WHERE id = ?", [.integer(Int64(product.rawValue))]) { $0.text(0) }.first
        if let found { names.withLock { $0[product] = found } }
        return found
    }
}
