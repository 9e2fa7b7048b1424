/// Where an HTTP service lives: `http://host[:port][/base/path]` (no https, no credentials).
public struct HTTPBaseURL: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address, without brackets for IPv6.
    public var host: String
    /// The TCP port (80 when the URL gives none).
    public var port: Int
    /// A path prefix for every request, without a trailing `/` (empty for none).
    public var basePath: String

    /// Creates a base URL from parts.
    public init(host: String, port: Int, basePath: String = "") {
        self.host = host
        self.port = port
        self.basePath = basePath
    }

    /// Parses `http://127.0.0.1:3100`, `http://[::1]:3100/api/`, `localhost:8099` (scheme optional).
    public init(parsing text: String) throws(HTTPError) {
        var rest = Substring(text.trimmingSpaces)
        if let scheme = rest.firstRange(of: "://") {
            guard rest[..<scheme.lowerBound].lowercased() == "http" else { throw HTTPError.invalidURL(text) }
            rest = rest[scheme.upperBound...]
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest[authority.endIndex...].prefix { $0 != "?" && $0 != "#" })
        while path.hasSuffix("/") { path.removeLast() }
        guard !authority.isEmpty, !authority.contains("@") else { throw HTTPError.invalidURL(text) }
        var hostPart: Substring
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw HTTPError.invalidURL(text) }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw HTTPError.invalidURL(text) }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority
        }
        var port = 80
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy(\.isASCII), let value = Int(portPart),
                  (1...65_535).contains(value) else { throw HTTPError.invalidURL(text) }
            port = value
        }
        guard !hostPart.isEmpty, !hostPart.contains(where: { $0 == " " || $0 == "/" }) else { throw HTTPError.invalidURL(text) }
        self.init(host: String(hostPart), port: port, basePath: path)
    }

    /// `host:port`, with brackets around IPv6 addresses, for messages and the `Host` header.
    public var authority: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The request target for a path under this base, e.g. `/api/products/alllist`.
    public func target(_ path: String) -> String { basePath + (path.hasPrefix("/") ? path : "/" + path) }

    /// `http://127.0.0.1:3100`, for example.
    public var description: String { "http://\(authority)\(basePath)" }
}
