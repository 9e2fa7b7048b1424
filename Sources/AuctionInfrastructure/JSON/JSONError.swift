/// Why bytes are not valid JSON; every case carries the byte offset where reading stopped.
public enum JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input ended inside a value.
    case unexpectedEnd(offset: Int)
    /// A byte that cannot start or continue a value here.
    case unexpectedByte(UInt8, offset: Int)
    /// Bytes that are not UTF-8.
    case invalidUTF8(offset: Int)
    /// A raw control character inside a string (it must be escaped).
    case controlCharacterInString(offset: Int)
    /// A backslash escape JSON does not define, or a lone UTF-16 surrogate.
    case invalidEscape(offset: Int)
    /// A malformed number.
    case invalidNumber(offset: Int)
    /// Arrays and objects nested deeper than the limit.
    case tooDeep(limit: Int, offset: Int)
    /// Bytes after the value.
    case trailingBytes(offset: Int)
    /// An object names the same member twice (refused: readers disagree on which one counts).
    case duplicateKey(offset: Int)

    /// The byte offset in the input where the problem was found.
    public var offset: Int {
        switch self {
        case .unexpectedEnd(let offset), .unexpectedByte(_, let offset), .invalidUTF8(let offset),
             .controlCharacterInString(let offset), .invalidEscape(let offset), .invalidNumber(let offset),
             .tooDeep(_, let offset), .trailingBytes(let offset), .duplicateKey(let offset):
            offset
        }
    }

    /// A sentence naming the problem and where it is.
    public var description: String {
        switch self {
        case .unexpectedEnd(let offset): "JSON ends too early at byte \(offset)"
        case .unexpectedByte(let byte, let offset): "unexpected byte 0x\(String(byte, radix: 16)) at byte \(offset)"
        case .invalidUTF8(let offset): "invalid UTF-8 at byte \(offset)"
        case .controlCharacterInString(let offset): "unescaped control character in a string at byte \(offset)"
        case .invalidEscape(let offset): "invalid escape in a string at byte \(offset)"
        case .invalidNumber(let offset): "invalid number at byte \(offset)"
        case .tooDeep(let limit, let offset): "JSON nested deeper than \(limit) levels at byte \(offset)"
        case .trailingBytes(let offset): "unexpected bytes after the JSON value at byte \(offset)"
        case .duplicateKey(let offset): "an object repeats a member name at byte \(offset)"
        }
    }
}
