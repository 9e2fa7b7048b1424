import AuctionCore

/// Why a chat request was refused.
public enum ChatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The room name is empty.
    case roomNameEmpty
    /// The room name has more characters than allowed.
    case roomNameTooLong(characters: Int, limit: Int)
    /// The room name holds a control character (newline, tab, escape…) or a bidirectional override.
    case roomNameHasControlCharacter
    /// A `product-…` room name whose suffix is not a product id.
    case malformedProductRoom(String)
    /// The message is empty.
    case messageEmpty
    /// The message has more characters (grapheme clusters) than allowed.
    case messageTooLong(characters: Int, limit: Int)
    /// The connection is not in the room.
    case notMember(ChatRoomName)
    /// The connection is already in as many rooms as allowed.
    case tooManyRooms(limit: Int)
    /// The room already has as many members as allowed.
    case roomFull(limit: Int)
    /// The room name has more UTF-8 bytes than allowed.
    case roomNameTooManyBytes(bytes: Int, limit: Int)
    /// The message has more UTF-8 bytes than allowed.
    case messageTooManyBytes(bytes: Int, limit: Int)
    /// The message holds a control character other than newline, or a bidirectional override.
    case messageHasControlCharacter
    /// One character of a room name or message carries more combining marks than allowed.
    case tooManyMarks(limit: Int)
    /// The user sent more messages than its rate allows.
    case sendingTooFast
    /// The connection joined rooms faster than its rate allows.
    case joiningTooFast

    /// The wire reason code for the reply.
    public var refusal: RefusalReason {
        switch self {
        case .sendingTooFast, .joiningTooFast: .rateLimited
        default: .invalid
        }
    }

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .roomNameEmpty: "the room name is empty"
        case .roomNameTooLong(_, let limit): "room names are at most \(limit) characters"
        case .roomNameHasControlCharacter: "room names cannot contain control characters or bidirectional overrides"
        case .malformedProductRoom(let name): "\(name) is not a product room: use product-<id>"
        case .messageEmpty: "the message is empty"
        case .messageTooLong(_, let limit): "messages are at most \(limit) characters"
        case .notMember(let room): "join \(room) before sending to it"
        case .tooManyRooms(let limit): "you are already in \(limit) rooms; leave one first"
        case .roomFull(let limit): "the room is full (\(limit) members)"
        case .roomNameTooManyBytes(_, let limit): "room names are at most \(limit) bytes of UTF-8"
        case .messageTooManyBytes(_, let limit): "messages are at most \(limit) bytes of UTF-8"
        case .messageHasControlCharacter:
            "messages cannot contain control characters (other than newline) or bidirectional overrides"
        case .tooManyMarks(let limit): "a character may carry at most \(limit) combining marks"
        case .sendingTooFast: "you are sending messages too fast; wait a moment"
        case .joiningTooFast: "you are joining rooms too fast; wait a moment"
        }
    }
}
