import AuctionCore

/// Chat rooms: who is in which, message numbering, and who receives what. No I/O.
///
/// Members are connections (one user may join from two). A room exists while it has members.
/// Messages get consecutive sequence numbers per room in the order `send` accepts them, and go to
/// every member, sender included, each once. A join is announced to every member including the
/// one joining; a leave (or disconnect) to the members who remain.
public struct ChatRoomRegistry: Sendable {
    /// Limits.
    public struct Configuration: Sendable, Hashable {
        /// The most characters (grapheme clusters, Swift `Character`s) a message may have.
        public var maximumMessageCharacters: Int = 1_000
        /// Rooms one connection may be in at once.
        public var maximumRoomsPerConnection: Int = 64
        /// Members one room may hold.
        public var maximumMembersPerRoom: Int = 10_000

        /// The defaults.
        public init() {}
    }

    private struct Room: Sendable {
        var members: [ConnectionID] = []
        var names: [ConnectionID: String] = [:]
        var lastSequence: Int64
    }

    /// The limits in force.
    public let configuration: Configuration
    private var rooms: [ChatRoomName: Room] = [:]
    private var roomsByConnection: [ConnectionID: [ChatRoomName]] = [:]

    /// No rooms yet.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Names of the rooms that have members.
    public var roomNames: [ChatRoomName] { rooms.keys.sorted() }

    /// Joins a connection to a room as `user`; returns the join to announce, or nil when it was
    /// already a member. `lastSequence` (asked only when the room is created) continues the room's
    /// numbering from what the store holds.
    public mutating func join(
        _ room: ChatRoomName, connection: ConnectionID, user: String, now: Timestamp,
        lastSequence: @autoclosure () -> Int64 = 0
    ) throws(ChatError) -> ChatBroadcast<ChatPresence>? {
        if rooms[room]?.names[connection] != nil { return nil }
        let joined = roomsByConnection[connection, default: []]
        guard joined.count < configuration.maximumRoomsPerConnection else {
            throw .tooManyRooms(limit: configuration.maximumRoomsPerConnection)
        }
        var state = rooms.removeValue(forKey: room) ?? Room(lastSequence: lastSequence())
        guard state.members.count < configuration.maximumMembersPerRoom else {
            rooms[room] = state
            throw .roomFull(limit: configuration.maximumMembersPerRoom)
        }
        state.members.append(connection)
        state.names[connection] = user
        let recipients = state.members
        rooms[room] = state
        roomsByConnection[connection, default: []].append(room)
        return ChatBroadcast(event: ChatPresence(room: room.rawValue, user: user, event: .join, time: now), recipients: recipients)
    }

    /// Takes a connection out of a room; returns the leave to announce, or nil when it was not in it.
    public mutating func leave(_ room: ChatRoomName, connection: ConnectionID, now: Timestamp) -> ChatBroadcast<ChatPresence>? {
        guard rooms[room]?.names[connection] != nil, var state = rooms.removeValue(forKey: room),
              let user = state.names.removeValue(forKey: connection) else { return nil }
        state.members.removeAll { $0 == connection }
        let recipients = state.members
        if !state.members.isEmpty { rooms[room] = state }
        roomsByConnection[connection]?.removeAll { $0 == room }
        if roomsByConnection[connection]?.isEmpty == true { roomsByConnection[connection] = nil }
        return ChatBroadcast(event: ChatPresence(room: room.rawValue, user: user, event: .leave, time: now), recipients: recipients)
    }

    /// Takes a closed connection out of every room; returns the leaves to announce (rooms left empty
    /// give none).
    public mutating func disconnect(_ connection: ConnectionID, now: Timestamp) -> [ChatBroadcast<ChatPresence>] {
        let joined = roomsByConnection[connection] ?? []
        return joined.compactMap { leave($0, connection: connection, now: now) }.filter { !$0.recipients.isEmpty }
    }

    /// Changes the name a connection is known by in all its rooms (e.g. after it logs in).
    public mutating func rename(_ connection: ConnectionID, to user: String) {
        for room in roomsByConnection[connection] ?? [] {
            rooms[room]?.names[connection] = user
        }
    }

    /// Accepts a message from a member: numbers it and names its recipients (all members, sender included).
    public mutating func send(_ text: String, to room: ChatRoomName, from connection: ConnectionID, now: Timestamp)
        throws(ChatError) -> ChatBroadcast<ChatMessage>
    {
        try validate(text)
        guard var state = rooms[room], let sender = state.names[connection] else { throw .notMember(room) }
        state.lastSequence += 1
        rooms[room] = state
        let message = ChatMessage(room: room.rawValue, sender: sender, text: text, time: now, sequence: state.lastSequence)
        return ChatBroadcast(event: message, recipients: state.members)
    }

    /// Checks a message's length: 1 to `maximumMessageCharacters` characters (grapheme clusters, so
    /// an emoji with modifiers counts as one). Swift strings are valid UTF-8 by construction; the
    /// JSON decoder refuses invalid bytes before text gets here.
    public func validate(_ text: String) throws(ChatError) {
        guard !text.isEmpty else { throw .messageEmpty }
        var characters = 0
        for _ in text {
            characters += 1
            if characters > configuration.maximumMessageCharacters {
                throw .messageTooLong(characters: text.count, limit: configuration.maximumMessageCharacters)
            }
        }
    }

    /// The connections in a room, in join order.
    public func members(of room: ChatRoomName) -> [ConnectionID] {
        rooms[room]?.members ?? []
    }

    /// The names of the users in a room, each once, in join order (the answer to `who`).
    public func who(_ room: ChatRoomName) -> [String] {
        guard let state = rooms[room] else { return [] }
        var seen = Set<String>()
        return state.members.compactMap { state.names[$0] }.filter { seen.insert($0).inserted }
    }

    /// The rooms a connection is in, in join order.
    public func rooms(of connection: ConnectionID) -> [ChatRoomName] {
        roomsByConnection[connection] ?? []
    }

    /// The last sequence number given in a room (0 before any), or nil when the room has no members.
    public func lastSequence(in room: ChatRoomName) -> Int64? {
        rooms[room]?.lastSequence
    }
}
