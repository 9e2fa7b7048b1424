/// A small HTTP/1.1 client for one service: each `send` writes one request and reads one
/// response on a connection of the given loop, under a connect timeout and a response timeout.
/// Connections are kept alive and reused (copies of a client share them) unless
/// `reuseConnections` is off, then each request has its own with `Connection: close`.
/// Errors say which address failed and why. With alternate base URLs (the servers of one auction
/// house), a request safe to repeat that got no answer goes to the next one (`HTTPFailoverRule`), and
/// later requests start with the one that answered.
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
        /// CA certificates (PEM) trusted for `https://` besides the system's store, or nil for the store alone.
        public var caFile: String?

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
    /// Other servers of the same service, tried in order after `baseURL` (empty for one server).
    public let alternateBaseURLs: [HTTPBaseURL]
    /// Timeouts and limits.
    public let configuration: Configuration
    /// The loop that runs the connections.
    public let loop: EventLoop
    /// Kept connections, one pool per base URL (`baseURL` first); empty when connections are not reused.
    private let pools: [LoopBound<HTTPConnectionPool>]
    /// The index of the base URL that answered last (copies share it): requests start there.
    private let preferred = Mutex(0)
    /// Told, about every tenth of a second while a large request goes out, how many of its bytes the
    /// kernel has taken and how many there are (then once more with all of them sent); nil for none.
    public var onUploadProgress: (@Sendable (_ sent: Int, _ total: Int) -> Void)?

    /// Creates a client for the service at `baseURL` (then `alternateBaseURLs`), doing its I/O on `loop`.
    public init(baseURL: HTTPBaseURL, alternateBaseURLs: [HTTPBaseURL] = [], configuration: Configuration = .init(), loop: EventLoop) {
        self.baseURL = baseURL
        self.alternateBaseURLs = alternateBaseURLs
        self.configuration = configuration
        self.loop = loop
        pools = configuration.reuseConnections
            ? (0...alternateBaseURLs.count).map { _ in
                LoopBound(handingOver: HTTPConnectionPool(loop: loop, maximumIdle: configuration.maximumIdleConnections,
                                                          idleMilliseconds: configuration.idleConnectionMilliseconds), to: loop)
            }
            : []
    }

    /// Every base URL, in order: `baseURL`, then `alternateBaseURLs`.
    public var baseURLs: [HTTPBaseURL] { [baseURL] + alternateBaseURLs }

    /// Sends `request` (its target relative to the base URL) and returns the response, whatever its status.
    /// With alternate base URLs, a request that got no answer goes to the next server when it is safe to
    /// repeat: `repeatable`, or when nil `HTTPFailoverRule.isRepeatable` (GET, HEAD, an idempotency key);
    /// so does one answered `503 Service Unavailable` (the last such answer is returned when no server could serve it).
    public func send(_ request: HTTPRequest, repeatable: Bool? = nil) async throws(HTTPError) -> HTTPResponse {
        let bases = baseURLs
        let start = min(preferred.withLock { $0 }, bases.count - 1)
        guard bases.count > 1, repeatable ?? HTTPFailoverRule.isRepeatable(request) else {
            return try await send(request, to: start)
        }
        var failure: HTTPError?
        var busy: HTTPResponse?
        for step in 0..<bases.count {
            let index = (start + step) % bases.count
            do throws(HTTPError) {
                let response = try await send(request, to: index)
                if HTTPFailoverRule.mayTryElsewhere(after: response), step < bases.count - 1, !Task.isCancelled {
                    busy = response  // that server cannot serve it now (its store is out of reach): the next one
                    continue
                }
                if index != start { preferred.withLock { $0 = index } }
                return response
            } catch {
                guard HTTPFailoverRule.mayTryElsewhere(after: error), !Task.isCancelled else { throw error }
                failure = error
            }
        }
        // A server that answered "unavailable" says more than one that could not be reached.
        if let busy { return busy }
        // Every server failed: when none could be reached, say so naming them all.
        if case .unreachable(_, let detail)? = failure {
            throw .unreachable(address: bases.map(\.authority).joined(separator: ","), detail: detail)
        }
        throw failure ?? .unreachable(address: baseURL.authority, detail: "no server")
    }

    /// Sends `request` to the base URL at `index` (of `baseURLs`).
    private func send(_ request: HTTPRequest, to index: Int) async throws(HTTPError) -> HTTPResponse {
        let baseURL = index == 0 ? self.baseURL : alternateBaseURLs[index - 1]
        let pool = pools.isEmpty ? nil : pools[index]
        var request = request
        request.target = baseURL.target(request.target)
        if request.headers["Host"] == nil { request.headers.add(name: "Host", value: baseURL.authority) }
        if let userAgent = configuration.userAgent, request.headers["User-Agent"] == nil {
            request.headers.add(name: "User-Agent", value: userAgent)
        }
        if pool == nil { request.headers.replaceOrAdd(name: "Connection", value: "close") }
        let exchange = LoopBound(handingOver: HTTPClientExchange(request: request, baseURL: baseURL, configuration: configuration,
                                                                 loop: loop, pool: pool, onUploadProgress: onUploadProgress), to: loop)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                // A loop that has stopped refuses the exchange: the caller hears so rather than waiting forever.
                if !loop.execute({ exchange.value.start { continuation.resume(returning: $0) } }) {
                    continuation.resume(returning: .failure(.connectionClosed(address: baseURL.authority, detail: "the client is shutting down")))
                }
            }
        } onCancel: {
            loop.execute { exchange.value.cancel() }
        }
        return try result.get()
    }

    /// Sends `POST path` with a JSON body; `repeatable` as in `send` (a read over POST is).
    public func post(_ path: String, json body: [UInt8], repeatable: Bool? = nil) async throws(HTTPError) -> HTTPResponse {
        try await send(HTTPRequest(method: .post, target: path,
                                   headers: ["Content-Type": "application/json", "Accept": "*/*"], body: body), repeatable: repeatable)
    }

    /// Sends `GET path`.
    public func get(_ path: String) async throws(HTTPError) -> HTTPResponse {
        try await send(HTTPRequest(method: .get, target: path))
    }
}
