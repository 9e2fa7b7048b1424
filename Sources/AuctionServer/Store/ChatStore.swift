import AuctionCore
import AuctionInfrastructure

/// Chat messages in the store (SQLite or PostgreSQL), per room, in the order the server accepted them.
///
/// Thread-safe (`Sendable`): one connection behind a lock. Each `append` is its own durable
/// commit (about one fsync); a busy chat should append from off the event loop.
public final class ChatStore: Sendable {
    /// A stored message; `sequence` orders messages server-wide (the wire's `seq`).
    public struct Message: Hashable, Sendable {
        /// The message's id, increasing in acceptance order.
        public var sequence: Int64
        /// The room it was sent to.
        public var room: String
        /// The sender's user name.
        public var sender: String
        /// The text, exactly as sent.
        public var text: String
        /// The server time it was accepted.
        public var time: Timestamp
        /// Its place in its room: on PostgreSQL the room's own count (1, 2, 3…), given under a lock on
        /// the room's row, so it follows the commit order; on SQLite (one writer) its id.
        public var roomSequence: Int64
    }

    /// The connection (on PostgreSQL opened again after it was lost: `StoreConnection`).
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

    /// Runs `body` on the connection. On PostgreSQL a lost connection is opened again: a read
    /// (`retrying`) runs once more on the new one at once; a write fails (its commit may or may not
    /// have happened, so it is not repeated) and the next call uses the new connection.
    private func withDatabase<R>(retrying: Bool, _ body: (any StoreDatabase) throws(StoreError) -> R) throws(StoreError) -> R {
        try connection.withDatabase(retryingLostConnection: retrying, body)
    }

    /// The channel a shared (PostgreSQL) store notifies with each message's id, in commit order.
    public static let channel = "auction_chat"

    /// Stores a message and returns it with its sequence number. On PostgreSQL the same transaction
    /// takes the room's next `room_seq` (its `chat_rooms` row stays locked until commit, so two nodes
    /// appending to one room commit in `room_seq` order) and notifies `auction_chat` with the id:
    /// every node (the sender's too) delivers from that stream, which PostgreSQL hands to all
    /// listeners in commit order — one order for every member.
    public func append(room: String, sender: String, text: String, at time: Timestamp) throws(StoreError) -> Message {
        try withDatabase(retrying: false) { database throws(StoreError) -> Message in
            try database.inTransaction { () throws(StoreError) -> Message in
                let values: [StoreValue] = [.text(room), .text(sender), .text(text), .integer(time.millisecondsSinceEpoch)]
                guard database.dialect == .postgres else {
                    let id = try database.insertReturningID("INSERT INTO chat_messages (room, sender, text, time) VALUES (?, ?, ?, ?)", values)
                    return Message(sequence: id, room: room, sender: sender, text: text, time: time, roomSequence: id)
                }
                let roomSequence = try database.scalarInteger("""
                    INSERT INTO chat_rooms (room, last_seq) VALUES (?, 1)
                    ON CONFLICT (room) DO UPDATE SET last_seq = chat_rooms.last_seq + 1 RETURNING last_seq
                    """, [.text(room)]) ?? 0
                let id = try database.insertReturningID(
                    "INSERT INTO chat_messages (room, sender, text, time, room_seq) VALUES (?, ?, ?, ?, ?)",
                    values + [.integer(roomSequence)])
                try database.publish(channel: Self.channel, payload: String(id))
                return Message(sequence: id, room: room, sender: sender, text: text, time: time, roomSequence: roomSequence)
            }
        }
    }

    /// The last `limit` messages of a room, oldest first (in room order); with `maximumTextBytes`, only
    /// messages whose text has at most that many bytes (older, larger ones are skipped without being read).
    public func recent(in room: String, limit: Int = 50, maximumTextBytes: Int = Int.max) throws(StoreError) -> [Message] {
        try withDatabase(retrying: true) { database throws(StoreError) -> [Message] in
            let order = Self.roomSequenceColumn(database.dialect)
            return try database.rows("""
                SELECT id, room, sender, text, time, \(order) FROM chat_messages
                WHERE room = ? AND \(database.dialect.byteLength(of: "text")) <= ? ORDER BY \(order) DESC LIMIT ?
                """, [.text(room), .integer(Int64(max(0, maximumTextBytes))), .integer(Int64(max(0, limit)))]) { row in
                Message(sequence: row.int64(0), room: row.text(1), sender: row.text(2), text: row.text(3),
                        time: Timestamp(millisecondsSinceEpoch: row.int64(4)), roomSequence: row.int64(5))
            }.reversed()
        }
    }

    /// The column that orders a room's messages: `room_seq` on PostgreSQL (commit order), the id on SQLite.
    static func roomSequenceColumn(_ dialect: StoreDialect) -> String {
        dialect == .postgres ? "room_seq" : "id"
    }
}
