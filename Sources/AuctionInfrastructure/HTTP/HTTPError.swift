/// What can go wrong on the HTTP wire, on either side; messages a user can act on.
public enum HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request line is longer than the limit (answered 414).
    case requestLineTooLong(limit: Int)
    /// The header section is larger than the limit or has too many fields (answered 431).
    case headersTooLarge(limit: Int)
    /// The declared body is larger than the limit (answered 413).
    case bodyTooLarge(limit: Int)
    /// The request is not valid HTTP/1.x; the text says what is wrong (answered 400).
    case malformedRequest(String)
    /// The request uses `Transfer-Encoding`, which the server does not implement (answered 501).
    case unsupportedTransferEncoding(String)
    /// The request names an HTTP version other than 1.0 or 1.1 (answered 505).
    case unsupportedVersion(String)
    /// The request did not arrive in full in time (answered 408).
    case requestTimeout
    /// The response is not valid HTTP/1.x; the text says what is wrong.
    case malformedResponse(String)
    /// The response head or body is larger than the client accepts.
    case responseTooLarge(limit: Int)
    /// The URL is not an `http://host:port` URL this client can use.
    case invalidURL(String)
    /// The server could not be reached; the detail says why (e.g. `connection refused`).
    case unreachable(address: String, detail: String)
    /// The connection ended before the whole response arrived.
    case connectionClosed(address: String, detail: String)
    /// No complete response came in time.
    case responseTimeout(address: String, milliseconds: Int64)

    /// The status a server answers with when it refuses a request for this reason, if any.
    public var status: HTTPStatus? {
        switch self {
        case .requestLineTooLong: .uriTooLong
        case .headersTooLarge: .headerFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .malformedRequest: .badRequest
        case .unsupportedTransferEncoding: .notImplemented
        case .unsupportedVersion: .versionNotSupported
        case .requestTimeout: .requestTimeout
        case .malformedResponse, .responseTooLarge, .invalidURL, .unreachable, .connectionClosed,
             .responseTimeout: nil
        }
    }

    /// The reason code of a server's refusal for this error (`body_too_large`, …), if it is one.
    public var reasonCode: String? {
        switch self {
        case .requestLineTooLong: "request_line_too_long"
        case .headersTooLarge: "headers_too_large"
        case .bodyTooLarge: "body_too_large"
        case .malformedRequest: "malformed_request"
        case .unsupportedTransferEncoding: "unsupported_transfer_encoding"
        case .unsupportedVersion: "unsupported_version"
        case .requestTimeout: "request_timeout"
        case .malformedResponse, .responseTooLarge, .invalidURL, .unreachable, .connectionClosed,
             .responseTimeout: nil
        }
    }

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .requestLineTooLong(let limit): "request line longer than \(limit) bytes"
        case .headersTooLarge(let limit): "request headers larger than \(limit) bytes or too many fields"
        case .bodyTooLarge(let limit): "request body larger than \(limit) bytes"
        case .malformedRequest(let why): "malformed request: \(why)"
        case .unsupportedTransferEncoding(let coding): "transfer coding '\(coding)' is not supported; send Content-Length"
        case .unsupportedVersion(let version): "HTTP version '\(version)' is not supported"
        case .requestTimeout: "the request did not arrive in time"
        case .malformedResponse(let why): "the server sent an invalid HTTP response: \(why)"
        case .responseTooLarge(let limit): "the server's response is larger than \(limit) bytes"
        case .invalidURL(let text): "'\(text)' is not a URL of the form http://host:port"
        case .unreachable(let address, let detail): "cannot reach \(address): \(detail)"
        case .connectionClosed(let address, let detail): "connection to \(address) lost before the answer came: \(detail)"
        case .responseTimeout(let address, let ms): "no answer from \(address) within \(ms) ms"
        }
    }
}
