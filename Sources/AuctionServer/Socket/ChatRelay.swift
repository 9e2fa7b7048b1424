import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The socket service's chat state: rooms and members, the store, rates, and what each member has seen.
///
/// Messages are numbered and made durable by one writer thread, in the order the loop accepted
/// them; the loop pushes each one once its commit returns, so every member sees the same order.
/// History is read on the loop from a second (WAL reader) connection, so it never waits for a
/// commit; a live message the history already held (`seen`) is not pushed again.
///
/// Deliberately not `Sendable`: lives on the server's event-loop thread (the store and writer are
/// thread-safe themselves).
final class ChatRelay {
    /// Rooms, members and validation.
    var registry: ChatRoomRegistry
    /// Appends messages (used on `writer` only).
    let store: ChatStore
    /// Whether the store is shared by several nodes (PostgreSQL): messages then reach members through
    /// the store's notifications on every node, this one's included, in one commit order.
    let isShared: Bool
    /// Reads history (used on the loop only).
    let reader: ChatStore
    /// One thread: appends run one at a time, in submission order.
    let writer: BlockingWorkers
    /// Messages a connection got with a room's history: live ones up to this room sequence are skipped.
    private var seen: [ConnectionID: [ChatRoomName: Int64]] = [:]
    /// Sizes, rates and history limits.
    let limits: ChatLimits
    /// On a shared store, the rooms with members here and the last room sequence handed on in each
    /// (the cluster listener catches them up after a break).
    let rooms = ChatRoomSequences()
    /// On a shared store, writes which users have connections here in which rooms (nil on SQLite).
    let presence: ChatPresenceWriter?
    /// On a shared store, who is in which room on the other nodes.
    var remote: ChatRemotePresence
    /// Messages per user (across its connections).
    private var messageLimiter: RateLimiter<UserID>
    /// Joins per connection.
    private var joinLimiter: RateLimiter<ConnectionID>

    /// Opens two connections to the store at `path`.
    convenience init(path: String, limits: ChatLimits = ChatLimits()) throws(StoreError) {
        try self.init(target: .file(path), limits: limits)
    }

    /// Opens two store connections at `target` (on a node's pool: two borrowers) and, on a shared store, a presence writer logging to `log`.
    init(target: StoreTarget, limits: ChatLimits = ChatLimits(), log: ServerLog = .silent) throws(StoreError) {
        if let store = target.postgresStore {
            isShared = true
            presence = ChatPresenceWriter(store: store, log: log)
        } else {
            isShared = false
            presence = nil
        }
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
