/// An HTTP response: what handlers return and what the client receives.
public struct HTTPResponse: Hashable, Sendable {
    /// The status.
    public var status: HTTPStatus
    /// The protocol version (the server always answers HTTP/1.1).
    public var version: HTTPVersion
    /// The header fields; `Content-Length` and `Connection` are set by the writer.
    public var headers: HTTPHeaders
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: HTTPStatus, version: HTTPVersion = .http1_1,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// A response with a body of the given media type.
    public init(status: HTTPStatus, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: ["Content-Type": contentType], body: body)
    }

    /// A plain-text response, e.g. for errors.
    public static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// Whether the peer asked to close the connection after this response.
    public var closesConnection: Bool {
        if headers.contains(token: "close", in: "Connection") { return true }
        if version == .http1_0 { return !headers.contains(token: "keep-alive", in: "Connection") }
        return false
    }
}
