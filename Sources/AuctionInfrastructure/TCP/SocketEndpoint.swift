/// A socket server's `HOST:PORT` (plaintext) or `tls://HOST:PORT`, parsed; IPv6 hosts are written in
/// brackets (`[::1]:3200`).
public struct SocketEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address, without brackets.
    public var host: String
    /// The TCP port, 1–65535.
    public var port: Int
    /// Whether the server speaks TLS (its certificate verified for `host`).
    public var isSecure: Bool

    /// Wraps a host and port.
    public init(host: String, port: Int, isSecure: Bool = false) {
        self.host = host
        self.port = port
        self.isSecure = isSecure
    }

    /// Parses `HOST:PORT`, `[IPv6]:PORT` or either after `tls://`; the error says what is wrong.
    public init(parsing text: String) throws(EndpointParseError) {
        var text = Substring(text)
        isSecure = false
        if let scheme = text.firstRange(of: "://") {
            guard text[..<scheme.lowerBound].lowercased() == "tls" else {
                throw EndpointParseError("a socket address is HOST:PORT or tls://HOST:PORT")
            }
            isSecure = true
            text = text[scheme.upperBound...]
        }
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw EndpointParseError("missing `]` after the IPv6 address") }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw EndpointParseError("missing `:PORT` after `]`") }
            portText = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw EndpointParseError("missing `:PORT`") }
            host = text[..<colon]
            guard !host.contains(":") else { throw EndpointParseError("write IPv6 addresses in brackets, e.g. [::1]:3200") }
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty else { throw EndpointParseError("missing host") }
        guard !host.contains(where: { $0 == " " || $0 == "/" }) else { throw EndpointParseError("the host contains a space or `/`") }
        self.host = String(host)
        self.port = try EndpointParseError.port(portText)
    }

    /// `host:port` (after `tls://` for TLS), with brackets around IPv6 hosts.
    public var description: String {
        (isSecure ? "tls://" : "") + authority
    }

    /// `host:port`, with brackets around IPv6 hosts (no scheme).
    public var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
