import AuctionCore

/// One thing shown in the chat's scrollback.
public enum ChatEntry: Hashable, Sendable {
    /// A message: who sent it, the text, the server's time.
    case message(sender: String, text: String, time: Timestamp)
    /// An action (`/me waves`): who did it, what, the server's time; shown `* alice waves`.
    case action(sender: String, text: String, time: Timestamp)
    /// Someone joined (`true`) or left the room.
    case presence(user: String, joined: Bool, time: Timestamp)
    /// A line from the client itself (`reconnecting…`, `/who` answers, errors).
    case notice(String)
    /// Something the server said happened to the room's lot (shown from the event's fields only).
    case lot(ChatLotEvent)

    /// The entry for a message the server sent, by its kind.
    public init(_ message: ChatMessage) {
        switch message.kind {
        case .message: self = .message(sender: message.sender, text: message.text, time: message.time)
        case .action: self = .action(sender: message.sender, text: message.text, time: message.time)
        }
    }
}
