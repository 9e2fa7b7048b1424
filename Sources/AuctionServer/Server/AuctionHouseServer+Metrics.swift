import AuctionInfrastructure

extension AuctionHouseServer {
    /// With `--metrics-port`: the counters the socket service will update (its decisions then timed
    /// for the latency histogram); nil (and nothing counted) without.
    func makeMetrics() -> ServerMetrics? {
        configuration.metricsPort == nil ? nil : ServerMetrics()
    }

    /// The handler of the public HTTP listeners: `router`, each request counted and timed by route when `metrics` is on.
    static func httpHandler(_ router: HTTPRouter, metrics: HTTPMetrics?) -> HTTPRouter.Handler {
        let handler = metrics?.measuring(router) ?? { request, responder in router.handle(request, responder) }
        return { request, responder in LoopStoreCheck.onLoop { handler(request, responder) } }  // debug builds: a store read here traps
    }

    /// Starts the metrics listener (`GET /metrics`, nothing else) on `loop`, bound to `metrics_host`
    /// (loopback by default), and names it in the addresses. Does nothing without `--metrics-port`.
    func startMetricsListener(_ metrics: ServerMetrics?, http: HTTPMetrics?, publicHTTP: HTTPServer, service: LoopBound<SocketService>,
                              loop: EventLoop, into running: inout Running) throws(ServerError) {
        guard let port = configuration.metricsPort, let metrics, let http else { return }
        let ledger = running.ledger
        var clusterStatistics: (@Sendable () -> ClusterListener.Statistics)?
        if let cluster = running.cluster { clusterStatistics = { cluster.statistics } }
        let queues = running.queues
        let page = MetricsPage(
            server: metrics, http: http, service: service,
            ledger: { ledger?.statistics }, queues: queues,
            httpConnections: { (publicHTTP.acceptedConnections, publicHTTP.openConnections) },
            cluster: clusterStatistics, tlsListeners: running.certificates.map { [("https", $0.http), ("socket", $0.socket)] } ?? [])
        var router = HTTPRouter()
        router.on(.get, "/metrics") { _ in
            HTTPResponse(status: .ok, contentType: MetricsText.contentType, body: Array(page.render().utf8))
        }
        do throws(SocketError) {
            var settings = Self.metricsListenerSettings(host: configuration.metricsHost, port: port)
            settings.bound = running.ports.metrics
            let server = try HTTPServer.start(settings, on: loop, router: router)
            running.parts.listening("the metrics listener") { _ in server.close() }
            running.addresses?.metrics = server.address
        } catch {
            throw .listen(service: "metrics on \(configuration.metricsHost):\(port)", error)
        }
        if !Self.isLoopback(configuration.metricsHost) {
            log.warning("server: metrics on \(configuration.metricsHost):\(port) (--metrics-host) are unauthenticated: anyone who reaches it reads them")
        }
    }

    /// The metrics listener's bounds (docs/SECURITY.md "Metrics"): 64 connections, at most 4 from one
    /// address, a request's head within 2 s and an idle keep-alive closed after 30 s. A scraper needs one
    /// connection, so it takes 16 addresses to fill it, and a half-sent request holds its slot 2 s, not 10.
    static func metricsListenerSettings(host: String, port: Int) -> HTTPServer.Configuration {
        let session = HTTPServerSession.Configuration(requestTimeoutMilliseconds: metricsHeadDeadlineMilliseconds,
                                                      idleTimeoutMilliseconds: 30_000, handlerTimeoutMilliseconds: 10_000)
        var settings = HTTPServer.Configuration(host: host, port: port, session: session, maximumConnections: 64)
        settings.maximumConnectionsPerAddress = 4
        return settings
    }

    /// How long a client of the metrics listener has to send a request's head (then 408 and close).
    static let metricsHeadDeadlineMilliseconds: Int64 = 2_000

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
