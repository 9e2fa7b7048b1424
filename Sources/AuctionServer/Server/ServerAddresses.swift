import AuctionInfrastructure

/// Where a started server listens (the real ports when 0 was asked).
public struct ServerAddresses: Hashable, Sendable, CustomStringConvertible {
    /// The HTTP catalogue.
    public var http: SocketAddress
    /// The auction socket.
    public var socket: SocketAddress

    /// Creates the pair.
    public init(http: SocketAddress, socket: SocketAddress) {
        self.http = http
        self.socket = socket
    }

    /// The line the server prints on start: `listening http=127.0.0.1:3100 socket=127.0.0.1:3200`.
    public var description: String { "listening http=\(http) socket=\(socket)" }

    /// The HTTP base URL, e.g. `http://127.0.0.1:3100`.
    public var httpURL: String { "http://\(http)" }
}
