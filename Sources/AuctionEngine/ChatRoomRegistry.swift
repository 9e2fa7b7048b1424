import AuctionCore

/// Chat rooms: who is in which, message numbering, and who receives what. No I/O.
///
/// Members are connections (one user may join from two). A room exists while it has members.
/// Messages get consecutive sequence numbers per room in the order `send` accepts them, and go to
/// every member, sender included, each once. Presence is per user: a user's first connection in a
/// room announces the join to every member including itself; the leave is announced, to the
/// members who remain, only when the user's last connection leaves (or disconnects).
public struct ChatRoomRegistry: Sendable {
    /// Limits.
    public struct Configuration: Sendable, Hashable {
        /// The most characters (grapheme clusters, Swift `Character`s) a message may have.
        public var maximumMessageCharacters: Int = 1_000
        /// Rooms one connection may be in at once.
        public var maximumRoomsPerConnection: Int = 64
        /// Members one room may hold.
        public var maximumMembersPerRoom: Int = 10_000
        /// The most bytes (UTF-8) a message may have.
        public var maximumMessageBytes: Int = 8_192
        /// The most characters (grapheme clusters) a room name may have.
        public var maximumRoomNameCharacters: Int = ChatRoomName.maximumCharacters
        /// The most bytes (UTF-8) a room name may have.
        public var maximumRoomNameBytes: Int = 256
        /// The most combining marks one character of a room name or message may carry.
        public var maximumMarksPerCharacter: Int = 8

        /// The defaults.
        public init() {}

        /// The limits room names are validated against.
        public var roomNameLimits: ChatRoomName.Limits {
            var limits = ChatRoomName.Limits()
            limits.maximumCharacters = maximumRoomNameCharacters
            limits.maximumBytes = maximumRoomNameBytes
            limits.maximumMarksPerCharacter = maximumMarksPerCharacter
            return limits
        }
    }

    private struct Room: Sendable {
        var members: [ConnectionID] = []
        var names: [ConnectionID: String] = [:]
        /// How many member connections each user has here (presence is per user).
        var connectionsByUser: [String: Int] = [:]
        var lastSequence: Int64

        /// Adds one connection of `user`; true when it is the user's first here.
        mutating func addConnection(of user: String) -> Bool {
            let before = connectionsByUser[user, default: 0]
            connectionsByUser[user] = before + 1
            return before == 0
        }

        /// Removes one connection of `user`; true when it was the user's last here.
        mutating func removeConnection(of user: String) -> Bool {
            let after = connectionsByUser[user, default: 1] - 1
            connectionsByUser[user] = after > 0 ? after : nil
            return after <= 0
        }
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

    /// Validates a room name from the wire against the configured limits.
    public func roomName(_ name: String) throws(ChatError) -> ChatRoomName {
        try ChatRoomName(validating: name, limits: configuration.roomNameLimits)
    }

    /// Whether a connection is in a room.
    public func isMember(_ connection: ConnectionID, of room: ChatRoomName) -> Bool {
        rooms[room]?.names[connection] != nil
    }

    /// Joins a connection to a room as `user`; returns the join to announce, or nil when the
    /// connection was already a member or the user already had a connection here. `lastSequence`
    /// (asked only when the room is created) continues the room's numbering from what the store holds.
    public mutating func join(
        _ room: ChatRoomName, connection: ConnectionID, user: String, now: Timestamp,
        lastSequence: @autoclosure () -> Int64 = 0
    ) throws(ChatError) -> ChatBroadcast<ChatPresence>? {
        if isMember(connection, of: room) { return nil }
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
        let isFirst = state.addConnection(of: user)
        let recipients = state.members
        rooms[room] = state
        roomsByConnection[connection, default: []].append(room)
        guard isFirst else { return nil }
        return ChatBroadcast(event: ChatPresence(room: room.rawValue, user: user, event: .join, time: now), recipients: recipients)
    }

    /// Takes a connection out of a room; returns the leave to announce, or nil when it was not in
    /// it or its user still has another connection there.
    public mutating func leave(_ room: ChatRoomName, connection: ConnectionID, now: Timestamp) -> ChatBroadcast<ChatPresence>? {
        guard isMember(connection, of: room), var state = rooms.removeValue(forKey: room),
              let user = state.names.removeValue(forKey: connection) else { return nil }
        state.members.removeAll { $0 == connection }
        let wasLast = state.removeConnection(of: user)
        let recipients = state.members
        if !state.members.isEmpty { rooms[room] = state }
        roomsByConnection[connection]?.removeAll { $0 == room }
        if roomsByConnection[connection]?.isEmpty == true { roomsByConnection[connection] = nil }
        guard wasLast else { return nil }
        return ChatBroadcast(event: ChatPresence(room: room.rawValue, user: user, event: .leave, time: now), recipients: recipients)
    }

    /// Takes a closed connection out of every room; returns the leaves to announce (rooms left
    /// empty, and rooms where its user has another connection, give none).
    public mutating func disconnect(_ connection: ConnectionID, now: Timestamp) -> [ChatBroadcast<ChatPresence>] {
        let joined = roomsByConnection[connection] ?? []
        return joined.compactMap { leave($0, connection: connection, now: now) }.filter { !$0.recipients.isEmpty }
    }

    /// Changes the name a connection is known by in all its rooms (it logged in as someone else);
    /// returns the presence changes to announce, each to every member: the old user's leave where
    /// this was its last connection, the new user's join where it had none.
    @discardableResult
    public mutating func rename(_ connection: ConnectionID, to user: String, now: Timestamp) -> [ChatBroadcast<ChatPresence>] {
        var announcements: [ChatBroadcast<ChatPresence>] = []
        for room in roomsByConnection[connection] ?? [] {
            guard var state = rooms.removeValue(forKey: room) else { continue }
            defer { rooms[room] = state }
            guard let old = state.names[connection], old != user else { continue }
            state.names[connection] = user
            if state.removeConnection(of: old) {
                announcements.append(ChatBroadcast(
                    event: ChatPresence(room: room.rawValue, user: old, event: .leave, time: now), recipients: state.members))
            }
            if state.addConnection(of: user) {
                announcements.append(ChatBroadcast(
                    event: ChatPresence(room: room.rawValue, user: user, event: .join, time: now), recipients: state.members))
            }
        }
        return announcements
    }

    /// Accepts a message from a member: numbers it and names its recipients (all members, sender included).
    public mutating func send(_ text: String, kind: ChatMessage.Kind = .message, to room: ChatRoomName,
                              from connection: ConnectionID, now: Timestamp) throws(ChatError) -> ChatBroadcast<ChatMessage>
    {
        try validate(text)
        guard var state = rooms[room], let sender = state.names[connection] else { throw .notMember(room) }
        state.lastSequence += 1
        rooms[room] = state
        let message = ChatMessage(room: room.rawValue, sender: sender, text: text, time: now, sequence: state.lastSequence, kind: kind)
        return ChatBroadcast(event: message, recipients: state.members)
    }

    /// Checks a message: 1 to `maximumMessageBytes` bytes of UTF-8 (checked first, so the rest
    /// costs O(bytes)), no control character but newline and no bidirectional override, 1 to
    /// `maximumMessageCharacters` characters (grapheme clusters, so an emoji with modifiers counts
    /// as one), each with at most `maximumMarksPerCharacter` combining marks. Swift strings are
    /// valid UTF-8 by construction; the JSON decoder refuses invalid bytes before text gets here.
    public func validate(_ text: String) throws(ChatError) {
        let limits = configuration
        switch ChatTextRules.violation(of: text, maximumBytes: limits.maximumMessageBytes,
                                       maximumCharacters: limits.maximumMessageCharacters,
                                       maximumMarksPerCharacter: limits.maximumMarksPerCharacter, allowsNewline: true) {
        case nil: return
        case .empty: throw .messageEmpty
        case .tooManyBytes(let bytes): throw .messageTooManyBytes(bytes: bytes, limit: limits.maximumMessageBytes)
        case .refusedScalar: throw .messageHasControlCharacter
        case .tooManyCharacters(let count): throw .messageTooLong(characters: count, limit: limits.maximumMessageCharacters)
        case .tooManyMarks: throw .tooManyMarks(limit: limits.maximumMarksPerCharacter)
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

    /// Whether `user` has a connection in `room`.
    public func hasConnection(of user: String, in room: ChatRoomName) -> Bool {
        rooms[room]?.connectionsByUser[user] != nil
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
