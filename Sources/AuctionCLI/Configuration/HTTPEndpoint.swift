/// An HTTP server's base URL, parsed: `http://host[:port][/base/path]` (plain HTTP only).
public struct HTTPEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address, without brackets.
    public var host: String
    /// The TCP port (80 when the URL names none).
    public var port: Int
    /// A path prefix for every request, without a trailing slash (empty for none).
    public var basePath: String

    /// Wraps a host, port and base path.
    public init(host: String, port: Int, basePath: String = "") {
        self.host = host
        self.port = port
        self.basePath = basePath
    }

    /// Parses an `http://` URL; the error says what is wrong.
    public init(parsing text: String) throws(EndpointParseError) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("https://") { throw EndpointParseError("https is not supported; use http://") }
        guard lowered.hasPrefix("http://") else { throw EndpointParseError("the URL must start with http://") }
        let rest = text.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest.dropFirst(authority.count))
        guard !path.contains("?"), !path.contains("#") else { throw EndpointParseError("the URL must not have a query or fragment") }
        while path.hasSuffix("/") { path.removeLast() }
        guard !authority.isEmpty else { throw EndpointParseError("missing host") }
        guard !authority.contains("@") else { throw EndpointParseError("user names in URLs are not supported") }
        let hasPort: Bool
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw EndpointParseError("missing `]` after the IPv6 address") }
            hasPort = authority[close...].contains(":")
        } else {
            hasPort = authority.contains(":")
        }
        if hasPort {
            let endpoint = try SocketEndpoint(parsing: String(authority))
            host = endpoint.host
            port = endpoint.port
        } else {
            host = authority.hasPrefix("[") ? String(authority.dropFirst().dropLast()) : String(authority)
            port = 80
        }
        basePath = path
    }

    /// The `Host` header value: `host:port` (brackets around IPv6).
    public var hostHeader: String { SocketEndpoint(host: host, port: port).description }

    /// The URL, e.g. `http://127.0.0.1:3100`.
    public var description: String { "http://" + hostHeader + basePath }
}
