/// An HTTP request: what the server's handlers receive and what the client sends.
public struct HTTPRequest: Hashable, Sendable {
    /// The method, e.g. `POST`.
    public var method: HTTPMethod
    /// The request target as sent, e.g. `/products/alllist?x=1`.
    public var target: String
    /// The protocol version.
    public var version: HTTPVersion
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body (empty when the request has none).
    public var body: [UInt8]
    /// The peer that sent the request, set by the server (nil on requests a client builds).
    public var remoteAddress: SocketAddress?
    /// The values of a route's `{name}` segments, set by the router (e.g. `["hash": "ab12…"]`).
    public var pathParameters: [String: String] = [:]

    /// Creates a request.
    public init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The target without its query string.
    public var path: String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        return String(target[..<mark])
    }

    /// The query string after `?`, if any.
    public var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }

    /// Whether the connection may stay open after this request (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    public var keepAlive: Bool {
        if headers.contains(token: "close", in: "Connection") { return false }
        if version == .http1_0 { return headers.contains(token: "keep-alive", in: "Connection") }
        return true
    }
}
