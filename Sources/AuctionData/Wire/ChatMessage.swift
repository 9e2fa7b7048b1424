import AuctionCore

/// A line said in a chat room (server `dataType` 3).
public struct ChatMessage: Hashable, Sendable {
    /// The room, e.g. `product-5`.
    public var room: String
    /// Who said it.
    public var sender: String
    /// What was said.
    public var text: String
    /// When the server received it.
    public var time: Timestamp
    /// The room's sequence number of this line (increasing, for ordering and gap detection).
    public var sequence: Int64

    /// Creates a chat line.
    public init(room: String, sender: String, text: String, time: Timestamp, sequence: Int64) {
        self.room = room
        self.sender = sender
        self.text = text
        self.time = time
        self.sequence = sequence
    }
}

/// Someone joined or left a chat room (server `dataType` 4).
public struct ChatPresence: Hashable, Sendable {
    /// Which way the membership changed.
    public enum Event: String, Hashable, Sendable {
        /// Entered the room.
        case join
        /// Left the room.
        case leave
    }

    /// The room.
    public var room: String
    /// Who joined or left.
    public var user: String
    /// Joined or left.
    public var event: Event
    /// When.
    public var time: Timestamp

    /// Creates a presence notice.
    public init(room: String, user: String, event: Event, time: Timestamp) {
        self.room = room
        self.user = user
        self.event = event
        self.time = time
    }
}
