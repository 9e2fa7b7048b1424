import AuctionCore

/// A chat message as the room's members receive it.
public struct ChatMessage: Hashable, Sendable {
    /// The room it was sent to.
    public var room: ChatRoomName
    /// The sender's user name.
    public var sender: String
    /// The text, exactly as sent.
    public var text: String
    /// When the server accepted it.
    public var time: Timestamp
    /// Its number in the room, increasing by one in the order the server accepted messages.
    public var sequence: Int64

    /// Creates a message.
    public init(room: ChatRoomName, sender: String, text: String, time: Timestamp, sequence: Int64) {
        self.room = room
        self.sender = sender
        self.text = text
        self.time = time
        self.sequence = sequence
    }
}

/// Someone joined or left a room.
public struct ChatPresence: Hashable, Sendable {
    /// Which way membership changed.
    public enum Event: String, Hashable, Sendable {
        /// The user joined (the wire's `"join"`).
        case join
        /// The user left or disconnected (the wire's `"leave"`).
        case leave
    }

    /// The room.
    public var room: ChatRoomName
    /// The user's name.
    public var user: String
    /// Joined or left.
    public var event: Event
    /// When it happened.
    public var time: Timestamp

    /// Creates a presence event.
    public init(room: ChatRoomName, user: String, event: Event, time: Timestamp) {
        self.room = room
        self.user = user
        self.event = event
        self.time = time
    }
}

/// Something to send to a list of connections, each once, in the listed order.
public struct ChatBroadcast<Event: Hashable & Sendable>: Hashable, Sendable {
    /// What to send.
    public var event: Event
    /// Who gets it.
    public var recipients: [ConnectionID]

    /// Creates a broadcast.
    public init(event: Event, recipients: [ConnectionID]) {
        self.event = event
        self.recipients = recipients
    }
}
