/// How the auction server listens and stores; built once at the entry point.
public struct ServerConfiguration: Sendable, Hashable {
    /// Address to bind both listeners to.
    public var host: String = "127.0.0.1"
    /// HTTP catalogue port (0 picks a free port).
    public var httpPort: Int = 3100
    /// Socket service port (0 picks a free port).
    public var socketPort: Int = 3200

    /// The defaults: loopback, the original backend's local ports.
    public init() {}
}
