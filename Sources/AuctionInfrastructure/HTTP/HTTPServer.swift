/// An HTTP/1.1 server on a `TCPListener`, everything non-blocking on one `EventLoop`: keep-alive,
/// pipelining, request limits (414/431/413/501/505/400), 408 for slow or silent clients, idle
/// timeout, bounded input and output per connection. Handlers run on the loop thread and answer
/// through an `HTTPResponder` (at once, or later from any thread). Keep a reference to the server
/// and call `close()` to stop it.
///
/// `@unchecked Sendable`: after `start`, its state is touched only on the loop thread.
public final class HTTPServer: @unchecked Sendable {
    /// Where to listen and how to treat each connection.
    public struct Configuration: Sendable {
        /// Host or address to bind, e.g. `127.0.0.1`.
        public var host: String
        /// Port to bind; 0 picks a free one (see `address`).
        public var port: Int
        /// Limits and timeouts per connection.
        public var session: HTTPServerSession.Configuration
        /// Most bytes of answers queued for one client; an answer that does not fit drops the connection.
        public var outputLimit: Int
        /// Queued answer bytes above which a client's next request waits (and reading pauses) until they drain.
        public var outputHighWater: Int
        /// How long a client may leave its answers unread before it is disconnected.
        public var sendTimeoutMilliseconds: Int64
        /// Most connections open at once; more are answered 503 and closed.
        public var maximumConnections: Int
        /// Most connections open at once from one client address; more are answered 503 and closed.
        public var maximumConnectionsPerAddress = 128
        /// Descriptors the listener keeps free, and what it tells a client it refuses for them.
        public var reserve = DescriptorReserve()

        /// Creates a configuration; the defaults listen on a free loopback port.
        public init(host: String = "127.0.0.1", port: Int = 0, session: HTTPServerSession.Configuration = .init(),
                    outputLimit: Int = 8 << 20, outputHighWater: Int = 1 << 20, sendTimeoutMilliseconds: Int64 = 30_000,
                    maximumConnections: Int = 10_000) {
            self.host = host
            self.port = port
            self.session = session
            self.outputLimit = outputLimit
            self.outputHighWater = outputHighWater
            self.sendTimeoutMilliseconds = sendTimeoutMilliseconds
            self.maximumConnections = maximumConnections
        }
    }

    /// The loop that runs the server.
    public let loop: EventLoop
    /// The configuration in force.
    public let configuration: Configuration
    private let handler: HTTPRouter.Handler
    private var listener: TCPListener?
    private var connections: [ObjectIdentifier: HTTPServerConnection] = [:]
    /// Open connections per client address (`SocketAddress.host`); an address with none has no entry.
    private var connectionsByAddress: [String: Int] = [:]
    private var cachedDate: (second: Int64, text: String) = (-1, "")
    private let addressStore = Mutex(SocketAddress(host: "", port: 0))
    private let counts = Mutex((accepted: 0, open: 0))

    private init(configuration: Configuration, loop: EventLoop, handler: @escaping HTTPRouter.Handler) {
        self.configuration = configuration
        self.loop = loop
        self.handler = handler
    }

    /// Binds and starts serving with `handler` (callable from any thread; the handler runs on `loop`).
    public static func start(_ configuration: Configuration = .init(), on loop: EventLoop,
                             handler: @escaping HTTPRouter.Handler) throws(SocketError) -> HTTPServer {
        let server = HTTPServer(configuration: configuration, loop: loop, handler: handler)
        let listener = try TCPListener.listen(host: configuration.host, port: configuration.port, on: loop,
                                              reserve: configuration.reserve) {
            [weak server] connection in
            guard let server else { return connection.abort() }
            server.accept(connection)
        }
        server.listener = listener
        server.addressStore.withLock { $0 = listener.address }
        return server
    }

    /// Binds and starts serving the router's routes.
    public static func start(_ configuration: Configuration = .init(), on loop: EventLoop,
                             router: HTTPRouter) throws(SocketError) -> HTTPServer {
        try start(configuration, on: loop) { request, responder in router.handle(request, responder) }
    }

    /// The bound address; the real port when 0 was asked.
    public var address: SocketAddress { addressStore.withLock { $0 } }

    /// The number of connections accepted so far (any thread).
    public var acceptedConnections: Int { counts.withLock { $0.accepted } }

    /// The number of connections open now (any thread).
    public var openConnections: Int { counts.withLock { $0.open } }

    /// Stops accepting and closes every connection (queued output is flushed best effort). Any thread.
    public func close() {
        guard loop.inEventLoop else { return loop.execute { self.close() } }
        listener?.close()
        listener = nil
        for connection in connections.values { connection.close() }
        connections.removeAll()
    }

    private func accept(_ connection: TCPConnection) {
        connection.outputLimit = configuration.outputLimit
        guard listener != nil else {
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
                                                 sendTimeoutMilliseconds: configuration.sendTimeoutMilliseconds)
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

    /// The answer a client refused for lack of descriptors gets (no `Date`: it is built once).
    public static let tooManyConnectionsResponse = HTTPResponse.text(
        .serviceUnavailable, "too many connections; try again shortly\n").serialized(connection: "close", date: nil)

    /// The `Date` header value, formatted once per second.
    private func date() -> String {
        let second = loop.clock.wallMilliseconds() / 1_000
        if second != cachedDate.second { cachedDate = (second, HTTPDate.format(secondsSinceEpoch: second)) }
        return cachedDate.text
    }
}
