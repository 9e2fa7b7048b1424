/// The loop-confined half of an `HTTPServer`: takes each accepted connection (or refuses it past
/// the limits), serves it with an `HTTPServerConnection` and keeps the count per client address.
/// Used only on `loop`'s thread (the server holds it in a `LoopBound`); deliberately not `Sendable`.
final class HTTPServerAcceptor {
    /// Connections accepted so far and open now, readable from any thread.
    struct Counts {
        var accepted = 0
        var open = 0
    }

    /// The loop that runs it.
    let loop: EventLoop
    private let configuration: HTTPServer.Configuration
    private let handler: HTTPRouter.Handler
    private let counts: Mutex<Counts>
    private var isClosed = false
    private var connections: [ObjectIdentifier: HTTPServerConnection] = [:]
    /// Open connections per client address (`SocketAddress.host`); an address with none has no entry.
    private var connectionsByAddress: [String: Int] = [:]
    private var cachedDate: (second: Int64, text: String) = (-1, "")
    /// Request body bytes held across every connection.
    private let bodies: HTTPBodyBudget

    /// Serves with `handler`; keeps `counts` up to date.
    init(configuration: HTTPServer.Configuration, loop: EventLoop, handler: @escaping HTTPRouter.Handler, counts: Mutex<Counts>) {
        self.configuration = configuration
        self.loop = loop
        self.handler = handler
        self.counts = counts
        bodies = HTTPBodyBudget(limit: configuration.maximumBodyBytesInFlight)
    }

    /// Refuses later connections and closes every open one.
    func close() {
        isClosed = true
        for connection in connections.values { connection.close() }
        connections.removeAll()
    }

    /// Serves one accepted connection, or answers 503 and closes it past the limits.
    func accept(_ connection: TCPConnection) {
        connection.outputLimit = configuration.outputLimit
        guard !isClosed else {
            counts.withLock { $0.accepted += 1 }
            return connection.abort()
        }
        guard connections.count < configuration.maximumConnections else {
            counts.withLock { $0.accepted += 1 }
            connection.write(HTTPResponse.text(.serviceUnavailable, "too many connections; try again shortly\n")
                .serialized(connection: "close", date: date()))
            return connection.close()
        }
        let address = connection.remoteAddress.host
        let fromAddress = connectionsByAddress[address, default: 0]
        guard fromAddress < configuration.maximumConnectionsPerAddress else {
            counts.withLock { $0.accepted += 1 }
            connection.write(HTTPResponse.text(.serviceUnavailable, "too many connections from your address; try again shortly\n")
                .serialized(connection: "close", date: date()))
            return connection.close()
        }
        connectionsByAddress[address] = fromAddress + 1
        let limits = HTTPServerConnection.Limits(outputHighWater: configuration.outputHighWater,
                                                 sendTimeoutMilliseconds: configuration.sendTimeoutMilliseconds,
                                                 screen: configuration.screen, bodies: bodies)
        let served = HTTPServerConnection(connection: connection, configuration: configuration.session, limits: limits,
                                          handler: handler, date: { [weak self] in self?.date() })
        let key = ObjectIdentifier(served)
        connections[key] = served
        counts.withLock {
            $0.accepted += 1
            $0.open += 1
        }
        served.onFinished = { [weak self] in
            guard let self else { return }
            connections[key] = nil
            let left = (connectionsByAddress[address] ?? 1) - 1
            connectionsByAddress[address] = left > 0 ? left : nil
            counts.withLock { $0.open -= 1 }
        }
        served.start()
    }

    /// The `Date` header value, formatted once per second.
    private func date() -> String {
        let second = loop.clock.wallMilliseconds() / 1_000
        if second != cachedDate.second { cachedDate = (second, HTTPDate.format(secondsSinceEpoch: second)) }
        return cachedDate.text
    }
}
