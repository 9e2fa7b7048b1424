import AuctionCore

/// Who is in which chat room on the other nodes of a shared store, as their member rows say (a
/// mirror kept on the loop from the presence notifications). A user is present in a room while at
/// least one other node has a row for it there. Rooms hold at most `maximumUsersPerRoom` users.
struct ChatRemotePresence {
    /// A user who became present in, or absent from, a room (on the other nodes taken together).
    struct Change: Hashable {
        /// The room's name.
        var room: String
        /// The user's name.
        var user: String
        /// True for a join, false for a leave.
        var joined: Bool
    }

    /// This node's id: its own rows are not mirrored (its registry knows them).
    let node: Int64
    /// The most users mirrored per room.
    let maximumUsersPerRoom: Int
    private var rows: [Int64: ChatPresenceRows.Row] = [:]
    /// Per room, each present user's row count and the order users became present in.
    private var rooms: [String: (counts: [String: Int], order: [String])] = [:]
    /// Rows not mirrored because their room was full (logged by the caller).
    private(set) var refused = 0

    /// An empty mirror for node `node`.
    init(node: Int64, maximumUsersPerRoom: Int) {
        self.node = node
        self.maximumUsersPerRoom = max(1, maximumUsersPerRoom)
    }

    /// The users present in `room` on other nodes, in the order they came.
    func users(in room: String) -> [String] {
        rooms[room]?.order ?? []
    }

    /// Whether `user` is present in `room` on another node.
    func contains(_ user: String, in room: String) -> Bool {
        rooms[room]?.counts[user] != nil
    }

    /// Adds a row; the join when its user was not present in its room before.
    mutating func add(_ row: ChatPresenceRows.Row) -> Change? {
        guard row.node != node, rows[row.id] == nil else { return nil }
        let room = row.member.room, user = row.member.user
        var state = rooms[room] ?? ([:], [])
        let before = state.counts[user] ?? 0
        if before == 0, state.order.count >= maximumUsersPerRoom {
            refused += 1
            return nil
        }
        rows[row.id] = row
        state.counts[user] = before + 1
        if before == 0 { state.order.append(user) }
        rooms[room] = state
        return before == 0 ? Change(room: room, user: user, joined: true) : nil
    }

    /// Removes a row; the leave when its user is no longer present in its room.
    mutating func remove(_ id: Int64) -> Change? {
        guard let row = rows.removeValue(forKey: id), var state = rooms[row.member.room] else { return nil }
        let room = row.member.room, user = row.member.user
        let after = (state.counts[user] ?? 1) - 1
        if after > 0 {
            state.counts[user] = after
            rooms[room] = state
            return nil
        }
        state.counts[user] = nil
        state.order.removeAll { $0 == user }
        rooms[room] = state.order.isEmpty ? nil : state
        return Change(room: room, user: user, joined: false)
    }

    /// Replaces every row by `rows` (a fresh read of the store); the joins and leaves that makes.
    mutating func replace(with fresh: [ChatPresenceRows.Row]) -> [Change] {
        let kept = Set(fresh.map(\.id))
        var changes = rows.keys.filter { !kept.contains($0) }.sorted().compactMap { remove($0) }
        changes += fresh.compactMap { add($0) }
        // A user who left on one node and is still present on another: neither change is real.
        let joins = Set(changes.filter(\.joined).map { [$0.room, $0.user] })
        let leaves = Set(changes.filter { !$0.joined }.map { [$0.room, $0.user] })
        let both = joins.intersection(leaves)
        return changes.filter { !both.contains([$0.room, $0.user]) }
    }
}
