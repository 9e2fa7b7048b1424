/// Why bytes on the socket are not a usable frame.
public enum FramingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The frame is not JSON (includes invalid UTF-8); the offset is within the frame.
    case invalidJSON(JSONError)
    /// The frame is JSON but not an object.
    case notAnObject
    /// A required envelope field is absent.
    case missingField(String)
    /// An envelope field has the wrong type (e.g. a `dataType` that is not an integer).
    case invalidField(String)
    /// A frame grew past the size limit without ending (fatal: the connection is closed).
    case frameTooLarge(limit: Int)
    /// The peer sent more malformed frames than allowed (fatal: the connection is closed).
    case tooManyMalformedFrames(limit: Int)

    /// Whether the connection cannot go on after this.
    public var isFatal: Bool {
        switch self {
        case .frameTooLarge, .tooManyMalformedFrames: true
        default: false
        }
    }

    /// The wire reason code for this error (see docs/PROTOCOL.md).
    public var reasonCode: String {
        switch self {
        case .frameTooLarge: "frame_too_large"
        case .tooManyMalformedFrames: "too_many_malformed"
        default: "malformed"
        }
    }

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidJSON(let error): "frame is not valid JSON: \(error)"
        case .notAnObject: "frame is not a JSON object"
        case .missingField(let name): "frame has no \"\(name)\" field"
        case .invalidField(let name): "frame field \"\(name)\" has the wrong type"
        case .frameTooLarge(let limit): "frame larger than \(limit) bytes"
        case .tooManyMalformedFrames(let limit): "more than \(limit) malformed frames"
        }
    }
}
