/// An HTTP/1.1 server on a `TCPListener`, everything non-blocking on one `EventLoop`: keep-alive,
/// pipelining, request limits (414/431/413/501/505/400), 408 for slow or silent clients, idle
/// timeout, bounded input and output per connection. Handlers run on the loop thread and answer
/// through an `HTTPResponder` (at once, or later from any thread). Keep a reference to the server
/// and call `close()` to stop it. The handle is `Sendable`; the connections live in the
/// loop-confined `HTTPServerAcceptor`.
public final class HTTPServer: Sendable {
    /// Where to listen and how to treat each connection.
    public struct Configuration: Sendable {
        /// Looks at a request's head (headers, no body yet; `bodyLength` > 0 bytes to follow) on the
        /// loop thread: its verdict lets the body be read, refuses it (sent with `Connection: close`,
        /// the body never read), or answers later.
        public typealias HeadScreen = @Sendable (_ head: HTTPRequest, _ bodyLength: Int) -> HeadVerdict

        /// What a head screen says of a request's head.
        public enum HeadVerdict: Sendable {
            /// Read the body.
            case read
            /// Refuse the request now with this response.
            case refuse(HTTPResponse)
            /// Ask elsewhere (a store read on a worker, never on the loop): the closure is handed a callback
            /// to call once, from any thread, with the refusal or nil to read the body. The connection reads
            /// nothing meanwhile; other connections are served.
            case later(@Sendable (_ answer: @escaping @Sendable (HTTPResponse?) -> Void) -> Void)
        }

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
        /// Refuses requests from their heads (e.g. a missing token) before their bodies are read; nil: none.
        public var screen: HeadScreen?
        /// Most request body bytes held at once across all connections, counted from each head's
        /// declared length; a request that would pass it is answered 503 with `Retry-After` and closed.
        public var maximumBodyBytesInFlight = 256 << 20
        /// TLS (HTTPS) for every connection, or nil for plaintext HTTP.
        public var tls: TLSServerSettings?
        /// A socket bound earlier to serve on instead of binding `host:port` (see `BoundSocket`); nil: bind.
        public var bound: BoundSocket?

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
    private let listener: TCPListener
    private let acceptor: LoopBound<HTTPServerAcceptor>
    private let counts: Mutex<HTTPServerAcceptor.Counts>

    private init(configuration: Configuration, listener: TCPListener, acceptor: LoopBound<HTTPServerAcceptor>,
                 counts: Mutex<HTTPServerAcceptor.Counts>) {
        self.configuration = configuration
        loop = acceptor.loop
        self.listener = listener
        self.acceptor = acceptor
        self.counts = counts
    }

    /// Binds and starts serving with `handler` (callable from any thread; the handler runs on `loop`).
    public static func start(_ configuration: Configuration = .init(), on loop: EventLoop,
                             handler: @escaping HTTPRouter.Handler) throws(SocketError) -> HTTPServer {
        let counts = Mutex(HTTPServerAcceptor.Counts())
        let accepting = HTTPServerAcceptor(configuration: configuration, loop: loop, handler: handler, counts: counts)
        let listener = try TCPListener.listen(host: configuration.host, port: configuration.port, on: loop,
                                              reserve: configuration.reserve, tls: configuration.tls,
                                              bound: configuration.bound,
                                              plaintextAnswer: configuration.tls == nil ? nil : plainHTTPAtHTTPSPort) {
            [weak accepting] connection in
            guard let accepting else { return connection.abort() }
            accepting.accept(connection)
        }
        return HTTPServer(configuration: configuration, listener: listener,
                          acceptor: LoopBound(handingOver: accepting, to: loop), counts: counts)
    }

    /// Binds and starts serving the router's routes.
    public static func start(_ configuration: Configuration = .init(), on loop: EventLoop,
                             router: HTTPRouter) throws(SocketError) -> HTTPServer {
        try start(configuration, on: loop) { request, responder in router.handle(request, responder) }
    }

    /// The bound address; the real port when 0 was asked.
    public var address: SocketAddress { listener.address }

    /// The number of connections accepted so far (any thread).
    public var acceptedConnections: Int { counts.withLock { $0.accepted } }

    /// The number of connections open now (any thread).
    public var openConnections: Int { counts.withLock { $0.open } }

    /// Stops accepting; the connections open go on being served until `close()`. Any thread.
    public func stopListening() {
        guard loop.inEventLoop else { loop.execute { [self] in stopListening() }; return }
        listener.close()
    }

    /// Stops accepting and closes every connection (queued output is flushed best effort). Any thread.
    public func close() {
        guard loop.inEventLoop else { loop.execute { [self] in close() }; return }
        listener.close()
        acceptor.value.close()
    }

    /// What a plaintext HTTP request to the HTTPS port gets, as nginx answers it: 400, use https, then close.
    public static let plainHTTPAtHTTPSPort = PlaintextAnswer(
        firstBytes: PlaintextAnswer.httpMethodLetters,
        answer: HTTPResponse.text(.badRequest, "The plain HTTP request was sent to HTTPS port: use https://\n")
            .serialized(connection: "close", date: nil))

    /// The answer a client refused for lack of descriptors gets (no `Date`: it is built once).
    public static let tooManyConnectionsResponse = HTTPResponse.text(
        .serviceUnavailable, "too many connections; try again shortly\n").serialized(connection: "close", date: nil)

}
