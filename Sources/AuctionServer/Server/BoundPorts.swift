import AuctionInfrastructure

/// The sockets `start()` binds first, before any store is opened, created or seeded: a port in use
/// stops the start with nothing written. Each listens once its listener takes it (until then a client
/// is refused, as before). The HTTP port, when fixed, is held by `StartingHealth` instead, which
/// answers `/health/*` while the store opens.
struct BoundPorts {
    /// The HTTP port when `StartingHealth` does not hold it (port 0).
    var http: BoundSocket?
    /// The auction socket (TLS when configured).
    var socket: BoundSocket?
    /// The plaintext auction socket beside TLS (`--plain-socket-port`).
    var plainSocket: BoundSocket?
    /// Plaintext HTTP beside HTTPS (`--plain-http-port`).
    var plainHTTP: BoundSocket?
    /// `GET /metrics` (`--metrics-port`).
    var metrics: BoundSocket?

    /// Binds every port `configuration` names but HTTP when `httpHeld`; the error names the listener and its address.
    static func bind(_ configuration: ServerConfiguration, httpHeld: Bool) throws(ServerError) -> BoundPorts {
        let host = configuration.host
        var ports = BoundPorts()
        if !httpHeld { ports.http = try bind(host, configuration.httpPort, "HTTP") }
        ports.socket = try bind(host, configuration.socketPort, "the socket")
        let transport = configuration.transport
        if transport.isEnabled {
            if let port = transport.plainSocketPort { ports.plainSocket = try bind(host, port, "the plaintext socket") }
            if let port = transport.plainHTTPPort { ports.plainHTTP = try bind(host, port, "plaintext HTTP") }
        }
        if let port = configuration.metricsPort { ports.metrics = try bind(configuration.metricsHost, port, "metrics") }
        return ports
    }

    private static func bind(_ host: String, _ port: Int, _ service: String) throws(ServerError) -> BoundSocket {
        do throws(SocketError) {
            return try BoundSocket.bind(host: host, port: port)
        } catch {
            throw .listen(service: "\(service) on \(host):\(port)", error)
        }
    }
}
