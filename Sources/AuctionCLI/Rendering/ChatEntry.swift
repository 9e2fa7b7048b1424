import AuctionCore

/// One thing shown in the chat's scrollback.
public enum ChatEntry: Hashable, Sendable {
    /// A message: who sent it, the text, the server's time.
    case message(sender: String, text: String, time: Timestamp)
    /// Someone joined (`true`) or left the room.
    case presence(user: String, joined: Bool, time: Timestamp)
    /// A line from the client itself (`reconnecting…`, `/who` answers, errors).
    case notice(String)
}
