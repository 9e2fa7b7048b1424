import AuctionCore
import AuctionData
import AuctionInfrastructure

extension ModerationLog {
    /// One row of the log as read back, with names in place of user ids.
    public typealias Row = ModerationLogEntry

    /// One page of the log, newest first.
    public struct Page: Hashable, Sendable {
        /// The rows.
        public var entries: [Row]
        /// The id to pass as `before` for the next (older) page, nil on the last.
        public var next: Int64?
    }
}

/// Reading the moderation log back: one row by id, filtered pages, and the one JSON form every route answers with.
public enum ModerationLogReads {
    /// The JSON of a log row: `id`, `moderator`, `action`, `product_id`?, `user`?, `bid_id`?, `report_id`?, `reason`,
    /// `details` (the object as stored) and `created_at` (ms). The only rendering of a log entry on the wire.
    public static func json(_ row: ModerationLog.Row) -> JSONValue {
        row.json
    }

    /// The log row `id` on `database` (inside the caller's transaction, if any), or nil.
    public static func entry(id: Int64, on database: any StoreDatabase) throws(StoreError) -> ModerationLog.Row? {
        try database.rows(select + " WHERE l.id = ?", [.integer(id)], map: row(from:)).first
    }

    /// Rows older than `before` (nil: the newest), newest first, at most `limit`; only those acting on or by the
    /// user `user` and on the lot `productID` when given.
    public static func page(user: UserID?, productID: ProductID?, before: Int64?, limit: Int,
                            on database: any StoreDatabase) throws(StoreError) -> ModerationLog.Page {
        let limit = max(1, limit)
        var sql = select + " WHERE l.id < ?"
        var values: [StoreValue] = [.integer(before ?? Int64.max)]
        if let user {
            sql += " AND (l.user_id = ? OR l.moderator_id = ?)"
            values += [.integer(user.rawValue), .integer(user.rawValue)]
        }
        if let productID {
            sql += " AND l.product_id = ?"
            values.append(.integer(Int64(productID.rawValue)))
        }
        values.append(.integer(Int64(limit) + 1))
        let rows = try database.rows(sql + " ORDER BY l.id DESC LIMIT ?", values, map: row(from:))
        return ModerationLog.Page(entries: Array(rows.prefix(limit)), next: rows.count > limit ? rows[limit - 1].id : nil)
    }

    private static let select = """
        SELECT l.id, m.name, l.action, l.product_id, u.name, l.bid_id, l.report_id, l.reason, l.details, l.created_at
        FROM moderation_log l JOIN users m ON m.id = l.moderator_id LEFT JOIN users u ON u.id = l.user_id
        """

    private static func row(from row: any StoreRow) -> ModerationLog.Row {
        let details = (try? JSONValue.parse(row.text(8)))?.objectValue ?? JSONObject()
        return ModerationLog.Row(id: row.int64(0), moderator: row.text(1), action: row.text(2),
                                 productID: row.optionalInt64(3).map { ProductID(Int($0)) }, user: row.optionalText(4),
                                 bidID: row.optionalInt64(5), reportID: row.optionalInt64(6), reason: row.text(7),
                                 details: details, createdAt: Timestamp(millisecondsSinceEpoch: row.int64(9)))
    }
}

extension AccountStore {
    /// A page of the moderation log (`ModerationLogReads.page`); the user is named, and an unknown name matches nothing.
    public func moderationLog(userNamed name: String?, productID: ProductID?, before: Int64?, limit: Int) throws(StoreError) -> ModerationLog.Page {
        try connection.withDatabase { database throws(StoreError) -> ModerationLog.Page in
            var user: UserID?
            if let name {
                guard let id = try database.scalarInteger("SELECT id FROM users WHERE name = ?", [.text(name)]) else {
                    return ModerationLog.Page(entries: [], next: nil)
                }
                user = UserID(rawValue: id)
            }
            return try ModerationLogReads.page(user: user, productID: productID, before: before, limit: limit, on: database)
        }
    }
}
