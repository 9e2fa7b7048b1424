/// A host and port, printed as `127.0.0.1:3200` or `[::1]:3200`.
public struct SocketAddress: Hashable, Sendable, CustomStringConvertible {
    /// The host: a name or a numeric IPv4/IPv6 address (IPv6 without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int

    /// Creates an address from a host and a port.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `host:port`, `[v6]:port` or `v6` text with a `defaultPort`; nil when the port is not 0...65535.
    public init?(parsing text: String, defaultPort: Int? = nil) {
        var host = Substring(text)
        var portText: Substring?
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if rest.hasPrefix(":") { portText = rest.dropFirst() } else if !rest.isEmpty { return nil }
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty, let port = portText.map({ Int($0) }) ?? defaultPort, (0...65_535).contains(port) else {
            return nil
        }
        self.init(host: String(host), port: port)
    }

    /// `host:port`, with IPv6 hosts in brackets.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
