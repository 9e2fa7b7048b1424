import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The socket service's chat state: rooms and members, the store, rates, and what each member has seen.
///
/// Messages are numbered and made durable by one writer thread, in the order the loop accepted
/// them; the loop pushes each one once its commit returns, so every member sees the same order.
/// History is read on a store worker from a second (WAL reader) connection, so it never waits for a
/// commit nor holds up the loop; a live message the history already held (`seen`) is not pushed again.
///
/// Deliberately not `Sendable`: lives on the server's event-loop thread (the store and writer are
/// thread-safe themselves).
final class ChatRelay {
    /// Rooms, members and validation (changed through the methods below).
    private(set) var registry: ChatRoomRegistry
    /// Appends messages (used on `writer` only).
    let store: ChatStore
    /// Whether the store is shared by several nodes (PostgreSQL): messages then reach members through
    /// the store's notifications on every node, this one's included, in one commit order.
    let isShared: Bool
    /// Reads history (used on the store workers only, one read at a time per join).
    let reader: ChatStore
    /// One thread: appends run one at a time, in submission order.
    let writer: BlockingWorkers
    /// Live messages held for connections whose history is being read (sent after it, `SocketService+ChatHistory`).
    var historyWaits = ChatHistoryWaits()
    /// Messages a connection got with a room's history: live ones up to this room sequence are skipped.
    private var seen: [ConnectionID: [ChatRoomName: Int64]] = [:]
    /// Sizes, rates and history limits.
    let limits: ChatLimits
    /// On a shared store, the rooms with members here and the last room sequence handed on in each
    /// (the cluster listener catches them up after a break).
    let rooms = ChatRoomSequences()
    /// On a shared store, writes which users have connections here in which rooms (nil on SQLite).
    let presence: ChatPresenceWriter?
    /// On a shared store, who is in which room on the other nodes (`adoptRemotePresence`).
    private(set) var remote: ChatRemotePresence
    /// Messages per user (across its connections).
    private var messageLimiter: RateLimiter<UserID>
    /// Joins per connection.
    private var joinLimiter: RateLimiter<ConnectionID>

    /// Opens two connections to the store at `path`.
    convenience init(path: String, limits: ChatLimits = ChatLimits()) throws(StoreError) {
        try self.init(target: .file(path), limits: limits)
    }

    /// Opens two store connections at `target` (on a node's pool: two borrowers); on a shared store,
    /// `presence` writes this node's members (the node's `PostgresClient.presenceWriter`).
    init(target: StoreTarget, limits: ChatLimits = ChatLimits(), presence: ChatPresenceWriter? = nil) throws(StoreError) {
        isShared = target.postgresStore != nil
        self.presence = isShared ? presence : nil
        remote = ChatRemotePresence(node: presence?.node ?? 0, maximumUsersPerRoom: limits.rooms.maximumMembersPerRoom)
        store = try ChatStore(target: target)
        do {
            reader = try ChatStore(target: target)
        } catch {
            store.close()
            throw error
        }
        registry = ChatRoomRegistry(configuration: limits.rooms)
        writer = BlockingWorkers(name: "auction-chat", threads: 1, maximumQueued: 4_096)
        self.limits = limits
        messageLimiter = RateLimiter(configuration: .perMinute(max(1, limits.messagesPerMinute)))
        joinLimiter = RateLimiter(configuration: .perMinute(max(1, limits.joinsPerMinute)))
    }

    /// Takes one join from the connection's rate; false when it joins too fast.
    func takeJoin(by connection: ConnectionID, now: Timestamp) -> Bool {
        joinLimiter.take(connection, now: now)
    }

    /// Whether the user's message rate allows one more message now (nothing is taken).
    func allowsMessage(from user: UserID, now: Timestamp) -> Bool {
        messageLimiter.allows(user, now: now)
    }

    /// Counts a message accepted for storing against the user's rate.
    func takeMessage(from user: UserID, now: Timestamp) {
        _ = messageLimiter.take(user, now: now)
    }

    /// Notes that a connection got a room's history up to `sequence`: live messages up to it are not pushed again.
    func noteHistory(of room: ChatRoomName, upTo sequence: Int64, for connection: ConnectionID) {
        seen[connection, default: [:]][room] = sequence
    }

    /// Whether a live message (by its room sequence) should go to `connection` (false when its history already held it).
    func shouldDeliver(sequence: Int64, in room: ChatRoomName, to connection: ConnectionID) -> Bool {
        guard let last = seen[connection]?[room] else { return true }
        return sequence > last
    }

    /// On a shared store, follows a room whose first member here read its history up to `sequence`.
    func follow(_ room: ChatRoomName, from sequence: Int64) {
        if isShared { rooms.follow(room.rawValue, from: sequence) }
    }

    /// On a shared store, stops following a room once no connection here is in it.
    func unfollowIfEmpty(_ room: ChatRoomName) {
        if isShared, registry.members(of: room).isEmpty { rooms.unfollow(room.rawValue) }
    }

    /// Forgets what a connection saw in a room (it left) or everything about it (it closed).
    func forget(_ connection: ConnectionID, room: ChatRoomName? = nil) {
        if let room {
            seen[connection]?[room] = nil
            if seen[connection]?.isEmpty == true { seen[connection] = nil }
        } else {
            seen[connection] = nil
            joinLimiter.forget(connection)
        }
    }

    /// Joins `connection` to `room` as `user`: its presence to announce (nil: the user was there already).
    func join(_ room: ChatRoomName, connection: ConnectionID, user: String, now: Timestamp) throws(ChatError) -> ChatBroadcast<ChatPresence>? {
        try registry.join(room, connection: connection, user: user, now: now)
    }

    /// Takes `connection` out of `room` (announcing its leave with `announce`), forgets what it saw
    /// there, and stops following a room left empty.
    func leave(_ room: ChatRoomName, connection: ConnectionID, now: Timestamp, announce: (ChatBroadcast<ChatPresence>) -> Void) {
        if let leave = registry.leave(room, connection: connection, now: now) { announce(leave) }
        forget(connection, room: room)
        unfollowIfEmpty(room)
    }

    /// Takes a closed connection out of its rooms, room by room so that a leave that empties a room
    /// still reaches the store (each announced with `announce`), then forgets it.
    func disconnect(_ connection: ConnectionID, now: Timestamp, announce: (ChatBroadcast<ChatPresence>) -> Void) {
        let rooms = registry.rooms(of: connection)
        for room in rooms {
            if let leave = registry.leave(room, connection: connection, now: now) { announce(leave) }
        }
        forget(connection)
        for room in rooms { unfollowIfEmpty(room) }
    }

    /// Renames `connection` in its rooms (it logged in again): the presence changes to announce.
    func rename(_ connection: ConnectionID, to user: String, now: Timestamp) -> [ChatBroadcast<ChatPresence>] {
        registry.rename(connection, to: user, now: now)
    }

    /// Accepts a message from `connection` to `room` (validated, numbered): the message and its recipients.
    func send(_ text: String, kind: ChatMessage.Kind = .message, to room: ChatRoomName, from connection: ConnectionID,
              now: Timestamp) throws(ChatError) -> ChatBroadcast<ChatMessage> {
        try registry.send(text, kind: kind, to: room, from: connection, now: now)
    }

    /// A presence change of this node's registry, noted for the store: whether to announce it here
    /// (not while the user is in the room on another node).
    func noteLocal(_ presence: ChatBroadcast<ChatPresence>) -> Bool {
        let event = presence.event
        self.presence?.note(room: event.room, user: event.user, present: event.event == .join)
        return !remote.contains(event.user, in: event.room)
    }

    /// The users in a room (the answer to a join or `who`): this node's, then the other nodes' not
    /// here, each once, at most the room's member limit.
    func members(of room: ChatRoomName) -> [String] {
        var users = registry.who(room)
        let others = remote.users(in: room.rawValue)
        guard !others.isEmpty else { return users }
        var seen = Set(users)
        for user in others where users.count < limits.rooms.maximumMembersPerRoom && seen.insert(user).inserted {
            users.append(user)
        }
        return users
    }

    /// Adopts a presence change read from the store: the other nodes' mirror is updated; the joins and
    /// leaves there of users with no connection here, to announce to this node's members at `now`,
    /// and how many members the mirror refused (their room full).
    func adoptRemotePresence(_ notice: ChatPresenceNotice, now: Timestamp)
        -> (announcements: [ChatBroadcast<ChatPresence>], refused: Int) {
        let refusedBefore = remote.refused
        var changes: [ChatRemotePresence.Change] = []
        switch notice {
        case .joined(let row):
            if let change = remote.add(row) { changes.append(change) }
        case .left(let id):
            if let change = remote.remove(id) { changes.append(change) }
        case .all(let rows):
            changes = remote.replace(with: rows)
        }
        let announcements = changes.compactMap { change -> ChatBroadcast<ChatPresence>? in
            guard let room = ChatRoomName(rawValue: change.room), !registry.hasConnection(of: change.user, in: room) else { return nil }
            let event = ChatPresence(room: change.room, user: change.user, event: change.joined ? .join : .leave, time: now)
            return ChatBroadcast(event: event, recipients: registry.members(of: room))
        }
        return (announcements, remote.refused - refusedBefore)
    }

    /// Finishes queued appends (their pushes are handed to the loop); call off the loop, after it stopped reading.
    func finishWrites() {
        writer.shutdown()
        presence?.finish()
    }

    /// Closes both connections (after `finishWrites`, once the loop is gone).
    func close() {
        store.close()
        reader.close()
    }
}
