import AuctionCore
import AuctionEngine

/// The cluster listener's reads from the shared store (on its own connection and thread, never the loop);
/// here because SQL lives in the store folder.
enum ClusterReads {
    /// The most bids read for one lot at a time: when more were missed only the newest are pushed
    /// (pushes may skip numbers), the lot's state is adopted whole anyway.
    static let maximumBidsPerRead = 500

    /// Products with bids and their `bid_count`, for catching up after a break.
    static func bidCounts(_ connection: PostgresConnection) throws(StoreError) -> [(ProductID, Int64)] {
        try connection.query("SELECT id, bid_count FROM products WHERE bid_count > 0 ORDER BY id") { row throws(StoreError) in
            (ProductID(Int(clamping: row.int64(0))), row.int64(1))
        }
    }

    /// Closed lots (not withdrawn) with their close, `ids` only, or every one when `ids` is nil.
    static func closes(_ ids: [ProductID]?, _ connection: PostgresConnection) throws(StoreError) -> [RemoteClose] {
        var sql = """
            SELECT p.id, COALESCE(p.final_price, p.current_price), p.winner_id, u.name, p.closed_at
            FROM products p LEFT JOIN users u ON u.id = p.winner_id
            WHERE p.closed_at IS NOT NULL AND p.withdrawn_at IS NULL
            """
        var values: [StoreValue] = []
        if let ids {
            guard !ids.isEmpty else { return [] }
            sql += " AND p.id IN (" + ids.map { _ in "?" }.joined(separator: ", ") + ")"
            values = ids.map { .integer(Int64($0.rawValue)) }
        }
        return try connection.query(sql + " ORDER BY p.id", values) { row throws(StoreError) -> RemoteClose? in
            guard row.int64(1) >= 0 else { return nil }
            return RemoteClose(productID: ProductID(Int(clamping: row.int64(0))), finalPrice: Money(row.int64(1)),
                               winner: row.optionalInt64(2).map { UserID(rawValue: $0) }, winnerName: row.optionalText(3),
                               closedAt: Timestamp(millisecondsSinceEpoch: row.int64(4)))
        }.compactMap { $0 }
    }

    /// The stored notifications with ids in `ids`, with their users, oldest first.
    static func notices(_ ids: ClosedRange<Int64>, _ connection: PostgresConnection) throws(StoreError)
        -> [(user: UserID, notification: AuctionNotification)] {
        try connection.query("""
            SELECT n.id, n.kind, n.product_id, p.name, n.price, n.maximum, n.created_at, n.user_id, n.note
            FROM notifications n LEFT JOIN products p ON p.id = n.product_id
            WHERE n.id BETWEEN ? AND ? ORDER BY n.id
            """, [.integer(ids.lowerBound), .integer(ids.upperBound)]) { row throws(StoreError) -> (user: UserID, notification: AuctionNotification)? in
            guard let kind = NotificationKind(rawValue: row.text(1)) else { return nil }  // a kind a later build wrote
            return (UserID(rawValue: row.int64(7)), AuctionNotification(
                id: row.int64(0), kind: kind, productID: ProductID(Int(clamping: row.int64(2))), productName: row.optionalText(3),
                price: row.optionalInt64(4).map { Money($0) }, maximum: row.optionalInt64(5).map { Money($0) },
                createdAt: Timestamp(millisecondsSinceEpoch: row.int64(6)), note: row.optionalText(8)))
        }.compactMap { $0 }
    }

    /// Chat messages by id, oldest first.
    static func chatMessages(_ ids: ClosedRange<Int64>, _ connection: PostgresConnection) throws(StoreError) -> [ChatStore.Message] {
        try connection.query("SELECT id, room, sender, text, time, room_seq FROM chat_messages WHERE id BETWEEN ? AND ? ORDER BY id",
                             [.integer(ids.lowerBound), .integer(ids.upperBound)]) { row in
            chatMessage(row)
        }
    }
}

extension ClusterReads {
    /// A `chat_messages` row read as `id, room, sender, text, time, room_seq`.
    static func chatMessage(_ row: PostgresRow) -> ChatStore.Message {
        ChatStore.Message(sequence: row.int64(0), room: row.text(1), sender: row.text(2), text: row.text(3),
                          time: Timestamp(millisecondsSinceEpoch: row.int64(4)), roomSequence: row.int64(5))
    }

    /// A room's newest `limit` messages with `room_seq` above `known`, in room order (oldest first).
    static func chatMessages(in room: String, after known: Int64, limit: Int, _ connection: PostgresConnection)
        throws(StoreError) -> [ChatStore.Message] {
        try connection.query("""
            SELECT id, room, sender, text, time, room_seq FROM chat_messages
            WHERE room = ? AND room_seq > ? ORDER BY room_seq DESC LIMIT ?
            """, [.text(room), .integer(known), .integer(Int64(max(0, limit)))]) { row in
            chatMessage(row)
        }.reversed()
    }
}
