import AuctionInfrastructure

/// A chat presence change the cluster listener read for the loop.
enum ChatPresenceNotice: Sendable {
    /// A node's user joined a room (its first connection there on that node).
    case joined(ChatPresenceRows.Row)
    /// A member row was deleted (its user's last connection there left, or its node died).
    case left(Int64)
    /// Every node's rows, read after the listener (re)connected: the mirror is replaced by them.
    case all([ChatPresenceRows.Row])

    /// `+<id>` or `-<id>` from `auction_chat_presence`: whether a row was added, and its id; nil otherwise.
    static func parse(_ payload: String) -> (added: Bool, id: Int64)? {
        guard payload.utf8.count <= ClusterPayload.maximumLength, let sign = payload.first, sign == "+" || sign == "-" else { return nil }
        let digits = payload.dropFirst()
        guard !digits.isEmpty, digits.utf8.count <= 19, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let id = Int64(digits), id > 0 else { return nil }
        return (sign == "+", id)
    }

    /// What a parsed notification means: a join read from its row (nil when the row is gone already:
    /// its leave follows), or a leave.
    static func read(_ change: (added: Bool, id: Int64), _ connection: PostgresConnection) throws(StoreError) -> ChatPresenceNotice? {
        guard change.added else { return .left(change.id) }
        return try ChatPresenceRows.row(change.id, connection).map { .joined($0) }
    }

    /// Every node's rows, with a warning when the read was cut at `ChatPresenceRows.maximumRowsRead`.
    static func all(_ connection: PostgresConnection, log: ServerLog) throws(StoreError) -> ChatPresenceNotice {
        let rows = try ChatPresenceRows.all(connection)
        if rows.count >= ChatPresenceRows.maximumRowsRead {
            log.warning("cluster: read only the first \(rows.count) chat members of other nodes; later ones are not listed until they change")
        }
        return .all(rows)
    }
}
