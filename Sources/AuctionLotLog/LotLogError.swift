/// Why log bytes, a head or a receipt could not be read or did not check out.
public enum LotLogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The canonical bytes are out of shape.
    case malformedEntry(String)

    /// A sentence saying what is wrong.
    public var description: String {
        switch self {
        case .malformedEntry(let why): "malformed entry: \(why)"
        }
    }
}
