/// Why a well-formed frame is not a valid message of its type.
public enum WireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The payload lacks a required field.
    case missingField(String, dataType: Int)
    /// A payload field has the wrong type or an impossible value.
    case invalidField(String, dataType: Int)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .missingField(let name, let type): "message type \(type) has no \"\(name)\""
        case .invalidField(let name, let type): "message type \(type) has an invalid \"\(name)\""
        }
    }
}
