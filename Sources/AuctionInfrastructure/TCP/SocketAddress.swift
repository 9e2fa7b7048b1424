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

    /// `host:port`, with IPv6 hosts in brackets.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
