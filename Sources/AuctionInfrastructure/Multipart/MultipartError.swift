/// Why a `multipart/form-data` body could not be read; messages a sender can act on.
public enum MultipartError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The content type is not `multipart/form-data`.
    case notMultipart(String)
    /// The content type has no usable `boundary` parameter (missing, empty, longer than 70 bytes).
    case invalidBoundary(String)
    /// The body is larger than the limit.
    case bodyTooLarge(limit: Int)
    /// More parts than the limit.
    case tooManyParts(limit: Int)
    /// A part's header section is larger than the limit.
    case partHeadersTooLarge(limit: Int)
    /// The body ends before its closing boundary.
    case truncated
    /// The body is not valid multipart; the text says where.
    case malformed(String)

    /// The reason code on the wire.
    public var reason: String {
        switch self {
        case .notMultipart, .invalidBoundary, .malformed, .truncated: "malformed_multipart"
        case .bodyTooLarge, .tooManyParts, .partHeadersTooLarge: "multipart_too_large"
        }
    }

    /// A sentence a sender can act on.
    public var description: String {
        switch self {
        case .notMultipart(let type): "expected Content-Type multipart/form-data, not '\(type)'"
        case .invalidBoundary(let why): "multipart boundary: \(why)"
        case .bodyTooLarge(let limit): "the multipart body is larger than \(limit) bytes"
        case .tooManyParts(let limit): "the multipart body has more than \(limit) parts"
        case .partHeadersTooLarge(let limit): "a part's headers are larger than \(limit) bytes"
        case .truncated: "the multipart body ends before its closing boundary"
        case .malformed(let why): "malformed multipart body: \(why)"
        }
    }
}
