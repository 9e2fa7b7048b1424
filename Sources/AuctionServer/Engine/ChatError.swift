import AuctionCore

/// Why a chat request was refused.
public enum ChatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The room name is empty.
    case roomNameEmpty
    /// The room name has more characters than allowed.
    case roomNameTooLong(characters: Int, limit: Int)
    /// The room name holds a control character (newline, tab, escape…).
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

    /// The wire reason code for the reply.
    public var refusal: RefusalReason { .invalid }

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .roomNameEmpty: "the room name is empty"
        case .roomNameTooLong(_, let limit): "room names are at most \(limit) characters"
        case .roomNameHasControlCharacter: "room names cannot contain control characters"
        case .malformedProductRoom(let name): "\(name) is not a product room: use product-<id>"
        case .messageEmpty: "the message is empty"
        case .messageTooLong(_, let limit): "messages are at most \(limit) characters"
        case .notMember(let room): "join \(room) before sending to it"
        case .tooManyRooms(let limit): "you are already in \(limit) rooms; leave one first"
        case .roomFull(let limit): "the room is full (\(limit) members)"
        }
    }
}
