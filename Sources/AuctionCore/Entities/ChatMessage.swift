/// A line said in a chat room, as every member receives it.
public struct ChatMessage: Hashable, Sendable {
    /// What the line is: said, or an action (IRC's `/me`, shown `* alice waves`).
    public enum Kind: String, Hashable, Sendable {
        /// An ordinary message (the wire has no `kind`).
        case message
        /// An action: the text says what the sender does (the wire's `"kind":"action"`).
        case action
    }

    /// The room, e.g. `product-5`.
    public var room: String
    /// The sender's user name.
    public var sender: String
    /// The text, exactly as sent.
    public var text: String
    /// When the server accepted it.
    public var time: Timestamp
    /// Its number: increasing in the order the server accepted the room's messages.
    public var sequence: Int64
    /// A message or an action.
    public var kind: Kind

    /// Creates a chat line.
    public init(room: String, sender: String, text: String, time: Timestamp, sequence: Int64, kind: Kind = .message) {
        self.kind = kind
        self.room = room
        self.sender = sender
        self.text = text
        self.time = time
        self.sequence = sequence
    }
}

/// Someone joined or left a chat room.
public struct ChatPresence: Hashable, Sendable {
    /// Which way the membership changed.
    public enum Event: String, Hashable, Sendable {
        /// Entered the room (the wire's `"join"`).
        case join
        /// Left the room or disconnected (the wire's `"leave"`).
        case leave
    }

    /// The room.
    public var room: String
    /// Who joined or left.
    public var user: String
    /// Joined or left.
    public var event: Event
    /// When it happened.
    public var time: Timestamp

    /// Creates a presence notice.
    public init(room: String, user: String, event: Event, time: Timestamp) {
        self.room = room
        self.user = user
        self.event = event
        self.time = time
    }
}
