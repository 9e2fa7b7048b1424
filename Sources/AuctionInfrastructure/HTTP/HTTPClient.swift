/// A small HTTP/1.1 client for one service: each `send` writes one request and reads one
/// response on a connection of the given loop, under a connect timeout and a response timeout.
/// Connections are kept alive and reused (copies of a client share them) unless
/// `reuseConnections` is off, then each request has its own with `Connection: close`.
/// Errors say which address failed and why.
public struct HTTPClient: Sendable {
    /// Timeouts and limits.
    public struct Configuration: Hashable, Sendable {
        /// Time allowed to establish the connection.
        public var connectTimeoutMilliseconds: Int64
        /// Time allowed, once connected, for the whole response to arrive.
        public var responseTimeoutMilliseconds: Int64
        /// Response size limits.
        public var limits: HTTPResponseParser.Limits
        /// The `User-Agent` header, or nil for none.
        public var userAgent: String?
        /// Whether finished connections are kept for later requests.
        public var reuseConnections: Bool
        /// How long an unused kept connection stays open.
        public var idleConnectionMilliseconds: Int64
        /// Most unused connections kept.
        public var maximumIdleConnections: Int

        /// Creates a configuration; the defaults suit a service on the local network.
        public init(connectTimeoutMilliseconds: Int64 = 3_000, responseTimeoutMilliseconds: Int64 = 10_000,
                    limits: HTTPResponseParser.Limits = .init(), userAgent: String? = "auction",
                    reuseConnections: Bool = true, idleConnectionMilliseconds: Int64 = 2_000, maximumIdleConnections: Int = 4) {
            self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
            self.responseTimeoutMilliseconds = responseTimeoutMilliseconds
            self.limits = limits
            self.userAgent = userAgent
            self.reuseConnections = reuseConnections
            self.idleConnectionMilliseconds = idleConnectionMilliseconds
            self.maximumIdleConnections = maximumIdleConnections
        }
    }

    /// The service's base URL; request targets are relative to its path.
    public let baseURL: HTTPBaseURL
    /// Timeouts and limits.
    public let configuration: Configuration
    /// The loop that runs the connections.
    public let loop: EventLoop
    private let pool: LoopBound<HTTPConnectionPool>?

    /// Creates a client for the service at `baseURL`, doing its I/O on `loop`.
    public init(baseURL: HTTPBaseURL, configuration: Configuration = .init(), loop: EventLoop) {
        self.baseURL = baseURL
        self.configuration = configuration
        self.loop = loop
        pool = configuration.reuseConnections
            ? LoopBound(handingOver: HTTPConnectionPool(loop: loop, maximumIdle: configuration.maximumIdleConnections,
                                                        idleMilliseconds: configuration.idleConnectionMilliseconds), to: loop)
            : nil
    }

    /// Sends `request` (its target relative to the base URL) and returns the response, whatever its status.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var request = request
        request.target = baseURL.target(request.target)
        if request.headers["Host"] == nil { request.headers.add(name: "Host", value: baseURL.authority) }
        if let userAgent = configuration.userAgent, request.headers["User-Agent"] == nil {
            request.headers.add(name: "User-Agent", value: userAgent)
        }
        if pool == nil { request.headers.replaceOrAdd(name: "Connection", value: "close") }
        let exchange = LoopBound(handingOver: HTTPClientExchange(request: request, baseURL: baseURL, configuration: configuration,
                                                                 loop: loop, pool: pool), to: loop)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                loop.execute { exchange.value.start { continuation.resume(returning: $0) } }
            }
        } onCancel: {
            loop.execute { exchange.value.cancel() }
        }
        return try result.get()
    }

    /// Sends `POST path` with a JSON body.
    public func post(_ path: String, json body: [UInt8]) async throws(HTTPError) -> HTTPResponse {
        try await send(HTTPRequest(method: .post, target: path,
                                   headers: ["Content-Type": "application/json", "Accept": "*/*"], body: body))
    }

    /// Sends `GET path`.
    public func get(_ path: String) async throws(HTTPError) -> HTTPResponse {
        try await send(HTTPRequest(method: .get, target: path))
    }
}
