import AuctionInfrastructure

/// Where a started server listens (the real ports when 0 was asked).
public struct ServerAddresses: Hashable, Sendable, CustomStringConvertible {
    /// The HTTP catalogue.
    public var http: SocketAddress
    /// The auction socket.
    public var socket: SocketAddress
    /// Whether both speak TLS (`--tls-cert`).
    public var isTLS = false
    /// The plaintext HTTP listener beside HTTPS, if any (`--plain-http-port`).
    public var plainHTTP: SocketAddress?
    /// The plaintext socket beside the TLS one, if any (`--plain-socket-port`).
    public var plainSocket: SocketAddress?
    /// The Prometheus metrics listener, if any (`--metrics-port`).
    public var metrics: SocketAddress?

    /// Creates the pair.
    public init(http: SocketAddress, socket: SocketAddress) {
        self.http = http
        self.socket = socket
    }

    /// The line the server prints on start: `listening http=127.0.0.1:3100 socket=127.0.0.1:3200`, then
    /// ` tls=on` and the plaintext listeners beside TLS (`plain-http=…`, `plain-socket=…`) when there are,
    /// then ` metrics=HOST:PORT` with `--metrics-port`.
    public var description: String {
        "listening http=\(http) socket=\(socket)" + (isTLS ? " tls=on" : "")
            + (plainHTTP.map { " plain-http=\($0)" } ?? "") + (plainSocket.map { " plain-socket=\($0)" } ?? "")
            + (metrics.map { " metrics=\($0)" } ?? "")
    }

    /// The HTTP base URL, e.g. `http://127.0.0.1:3100` (`https://` with TLS).
    public var httpURL: String { "\(isTLS ? "https" : "http")://\(http)" }
}
