import AuctionCore

/// What a chat room reports: messages and joins/leaves in the server's order, and the connection.
public enum ChatEvent: Hashable, Sendable {
    /// A message (history on joining, then live ones), each once.
    case message(ChatMessage)
    /// Someone joined or left.
    case presence(ChatPresence)
    /// Something happened to the room's lot (a `product-N` room: bids, extensions, the close).
    case lot(ChatLotEvent)
    /// The connection changed (reconnecting, connected again, closed).
    case connection(ConnectionState)
}

/// The server's answer to a chat request.
public struct ChatReply: Hashable, Sendable {
    /// Whether the request was accepted.
    public var accepted: Bool
    /// Why not, when refused.
    public var reason: RefusalReason?
    /// The server's sentence about it, when it gave one.
    public var message: String?
    /// The room's members, for join and who.
    public var users: [String]
    /// The accepted message's sequence number, for send.
    public var sequence: Int64?

    /// Creates an answer.
    public init(accepted: Bool, reason: RefusalReason? = nil, message: String? = nil, users: [String] = []) {
        self.accepted = accepted
        self.reason = reason
        self.message = message
        self.users = users
    }

    init(_ reply: WireReply) {
        self.init(accepted: reply.result, reason: reply.reason, message: reply.fields["message"]?.stringValue,
                  users: reply.fields["users"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        sequence = reply.fields["seq"]?.intValue
    }

    /// A sentence for the user when refused: the server's, or the reason's explanation.
    public var explanation: String {
        message ?? reason?.explanation ?? "refused"
    }
}
