/// Where an HTTP service lives: `http://host[:port][/base/path]` or `https://…` (no credentials, no query).
public struct HTTPBaseURL: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address, without brackets for IPv6.
    public var host: String
    /// The TCP port (80 when the URL gives none).
    public var port: Int
    /// A path prefix for every request, without a trailing `/` (empty for none).
    public var basePath: String
    /// Whether the service speaks HTTPS (TLS, the certificate verified for `host`).
    public var isSecure: Bool

    /// Creates a base URL from parts.
    public init(host: String, port: Int, basePath: String = "", isSecure: Bool = false) {
        self.host = host
        self.port = port
        self.basePath = basePath
        self.isSecure = isSecure
    }

    /// Parses `http://127.0.0.1:3100`, `HTTP://[::1]:3100/api/`, `https://auction.example` (port 443) or
    /// `localhost:8099` (the scheme is optional: plain HTTP);
    /// any problem is `HTTPError.invalidURL`.
    public init(parsing text: String) throws(HTTPError) {
        do throws(EndpointParseError) { self = try HTTPBaseURL(checking: text) } catch { throw .invalidURL(text) }
    }

    /// Parses like `init(parsing:)`, but the error says what is wrong (for messages to the user).
    public init(checking text: String) throws(EndpointParseError) {
        var rest = Substring(text.trimmingSpaces)
        var secure = false
        if let scheme = rest.firstRange(of: "://") {
            let name = rest[..<scheme.lowerBound].lowercased()
            guard name == "http" || name == "https" else { throw EndpointParseError("the URL must start with http:// or https://") }
            secure = name == "https"
            rest = rest[scheme.upperBound...]
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest[authority.endIndex...])
        guard !path.contains("?"), !path.contains("#") else { throw EndpointParseError("the URL must not have a query or fragment") }
        while path.hasSuffix("/") { path.removeLast() }
        guard !authority.isEmpty else { throw EndpointParseError("missing host") }
        guard !authority.contains("@") else { throw EndpointParseError("user names in URLs are not supported") }
        let hasPort: Bool
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw EndpointParseError("missing `]` after the IPv6 address") }
            hasPort = authority.index(after: close) != authority.endIndex
        } else {
            hasPort = authority.contains(":")
        }
        guard !hasPort else {
            let endpoint = try SocketEndpoint(parsing: String(authority))
            self.init(host: endpoint.host, port: endpoint.port, basePath: path, isSecure: secure)
            return
        }
        let host = authority.hasPrefix("[") ? authority.dropFirst().dropLast() : authority
        guard !host.isEmpty else { throw EndpointParseError("missing host") }
        guard !host.contains(where: { $0 == " " || $0 == "/" }) else { throw EndpointParseError("the host contains a space or `/`") }
        self.init(host: String(host), port: secure ? 443 : 80, basePath: path, isSecure: secure)
    }

    /// `host:port`, with brackets around IPv6 addresses, for messages and the `Host` header.
    public var authority: String { SocketEndpoint(host: host, port: port).authority }

    /// The request target for a path under this base, e.g. `/api/products/alllist`.
    public func target(_ path: String) -> String { basePath + (path.hasPrefix("/") ? path : "/" + path) }

    /// `http://127.0.0.1:3100` or `https://auction.example:443`, for example.
    public var description: String { "\(isSecure ? "https" : "http")://\(authority)\(basePath)" }
}
