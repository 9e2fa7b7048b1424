import AuctionCore

/// The shared store's chat presence (`chat_nodes`, `chat_members`; PostgreSQL only): which node has
/// which users in which rooms, each change notified on `auction_chat_presence` as `+<row id>` (a
/// user's first connection on a node joined) or `-<row id>` (its last left, or its node died).
///
/// A node's rows are tied to its presence connection's backend (`pg_backend_pid()` and its start time,
/// as `pg_stat_activity` shows them): when that backend is gone (the node was killed, or lost the
/// store) any node's sweep deletes them and notifies the leaves. All nodes connect as one user, so
/// `pg_stat_activity` shows them each other's backends.
enum ChatPresenceRows {
    /// The advisory lock one sweep holds (`pg_try_advisory_xact_lock`): one node sweeps at a time, the others skip.
    static let sweepLock: Int64 = 0x4155_4354_0C01
    /// The channel presence changes are notified on.
    static let channel = "auction_chat_presence"

    /// One user of one node in one room.
    struct Member: Hashable, Sendable {
        /// The room's name.
        var room: String
        /// The user's name.
        var user: String
    }

    /// A stored member row, as other nodes read it.
    struct Row: Hashable, Sendable {
        /// Its id (the notification's payload).
        var id: Int64
        /// The node that wrote it.
        var node: Int64
        /// The room and user.
        var member: Member
    }

    /// Registers `node` as alive for as long as this connection's backend lives; returns the rows it
    /// still has in the store (none unless it was registered on an earlier connection and not swept).
    static func register(_ node: Int64, _ connection: PostgresConnection) throws(StoreError) -> Set<Member> {
        // The server side probes this connection too: a node whose machine vanished (no FIN, no RST)
        // loses its backend within about 25 s, and the next sweep its rows (ignored over a Unix socket).
        try connection.execute("SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3")
        return try connection.transaction { () throws(StoreError) -> Set<Member> in
            try connection.run("""
                INSERT INTO chat_nodes (node, backend_pid, backend_start)
                SELECT ?, pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()
                ON CONFLICT (node) DO UPDATE SET backend_pid = EXCLUDED.backend_pid, backend_start = EXCLUDED.backend_start
                """, [.integer(node)])
            return Set(try connection.query("SELECT room, user_name FROM chat_members WHERE node = ?", [.integer(node)]) { row in
                Member(room: row.text(0), user: row.text(1))
            })
        }
    }

    /// Writes `node`'s joins and leaves in one transaction, each notified.
    static func write(_ node: Int64, joins: [Member], leaves: [Member], _ connection: PostgresConnection) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            for member in leaves {
                for id in try connection.query("DELETE FROM chat_members WHERE node = ? AND room = ? AND user_name = ? RETURNING id",
                                               [.integer(node), .text(member.room), .text(member.user)], row: { $0.int64(0) }) {
                    try connection.notify(channel, payload: "-\(id)")
                }
            }
            for member in joins {
                for id in try connection.query("""
                    INSERT INTO chat_members (node, room, user_name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING id
                    """, [.integer(node), .text(member.room), .text(member.user)], row: { $0.int64(0) }) {
                    try connection.notify(channel, payload: "+\(id)")
                }
            }
        }
    }

    /// Deletes the rows of every node whose presence backend is gone (one node sweeps at a time), or
    /// with `leaving`, that node's own; notifies each leave; returns how many rows were deleted.
    @discardableResult
    static func sweep(leaving node: Int64? = nil, _ connection: PostgresConnection) throws(StoreError) -> Int {
        try connection.transaction { () throws(StoreError) -> Int in
            if node == nil {
                let locked = try connection.scalarInteger("SELECT CASE WHEN pg_try_advisory_xact_lock(?) THEN 1 ELSE 0 END",
                                                          [.integer(sweepLock)])
                guard locked == 1 else { return 0 }  // another node is sweeping
            }
            let condition = node == nil
                ? "NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = n.backend_pid AND a.backend_start = n.backend_start)"
                : "n.node = ?"
            let ids = try connection.query("""
                WITH gone AS (DELETE FROM chat_nodes n WHERE \(condition) RETURNING n.node)
                DELETE FROM chat_members m USING gone WHERE m.node = gone.node RETURNING m.id
                """, node.map { [.integer($0)] } ?? [], row: { $0.int64(0) })
            for id in ids { try connection.notify(channel, payload: "-\(id)") }
            return ids.count
        }
    }

    /// The most rows one read of every node's members returns (a larger cluster's are cut, logged).
    static let maximumRowsRead = 100_000

    /// Every node's member rows (up to `maximumRowsRead`, oldest first), for catching up.
    static func all(_ connection: PostgresConnection) throws(StoreError) -> [Row] {
        try connection.query("SELECT id, node, room, user_name FROM chat_members ORDER BY id LIMIT ?",
                             [.integer(Int64(maximumRowsRead))]) { row in
            Row(id: row.int64(0), node: row.int64(1), member: Member(room: row.text(2), user: row.text(3)))
        }
    }

    /// The row with id `id`, or nil when it is gone already.
    static func row(_ id: Int64, _ connection: PostgresConnection) throws(StoreError) -> Row? {
        try connection.query("SELECT id, node, room, user_name FROM chat_members WHERE id = ?", [.integer(id)]) { row in
            Row(id: row.int64(0), node: row.int64(1), member: Member(room: row.text(2), user: row.text(3)))
        }.first
    }
}
