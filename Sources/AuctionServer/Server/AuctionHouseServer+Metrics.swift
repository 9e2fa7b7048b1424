import AuctionInfrastructure

extension AuctionHouseServer {
    /// With `--metrics-port`: the counters the socket service will update (its decisions then timed
    /// for the latency histogram); nil (and nothing counted) without.
    func makeMetrics() -> ServerMetrics? {
        configuration.metricsPort == nil ? nil : ServerMetrics()
    }

    /// The handler of the public HTTP listeners: `router`, each request counted and timed by route when `metrics` is on.
    static func httpHandler(_ router: HTTPRouter, metrics: HTTPMetrics?) -> HTTPRouter.Handler {
        metrics?.measuring(router) ?? { request, responder in router.handle(request, responder) }
    }

    /// Starts the metrics listener (`GET /metrics`, nothing else) on `loop`, bound to `metrics_host`
    /// (loopback by default), and names it in the addresses. Does nothing without `--metrics-port`.
    func startMetricsListener(_ metrics: ServerMetrics?, http: HTTPMetrics?, service: LoopBound<SocketService>,
                              loop: EventLoop, into running: inout Running) throws(ServerError) {
        guard let port = configuration.metricsPort, let metrics, let http else { return }
        let ledger = running.ledger
        let publicHTTP = running.http
        var clusterStatistics: (@Sendable () -> ClusterListener.Statistics)?
        if let cluster = running.cluster { clusterStatistics = { cluster.statistics } }
        var queues: [(name: String, depth: @Sendable () -> Int)] = []
        if let workers = running.catalogueReaders { queues.append(("catalogue_readers", { workers.queued })) }
        if let workers = running.decoders { queues.append(("image_decoders", { workers.queued })) }
        if let worker = running.closings { queues.append(("closings", { worker.queue.count })) }
        if let worker = running.sellingWriter { queues.append(("selling_writer", { worker.queue.count })) }
        if let workers = running.chat?.writer { queues.append(("chat_writer", { workers.queued })) }
        if let workers = running.notifications?.writer { queues.append(("notification_writer", { workers.queued })) }
        let page = MetricsPage(
            server: metrics, http: http, service: service,
            ledger: { ledger?.statistics }, queues: queues,
            httpConnections: { (publicHTTP?.acceptedConnections ?? 0, publicHTTP?.openConnections ?? 0) },
            cluster: clusterStatistics, tlsListeners: running.certificates.map { [("https", $0.http), ("socket", $0.socket)] } ?? [])
        var router = HTTPRouter()
        router.on(.get, "/metrics") { _ in
            HTTPResponse(status: .ok, contentType: MetricsText.contentType, body: Array(page.render().utf8))
        }
        var settings = HTTPServer.Configuration(host: configuration.metricsHost, port: port, maximumConnections: 64)
        settings.maximumConnectionsPerAddress = 16
        do throws(SocketError) {
            let server = try HTTPServer.start(settings, on: loop, router: router)
            running.metricsHTTP = server
            running.addresses?.metrics = server.address
        } catch {
            throw .listen(service: "metrics on \(configuration.metricsHost):\(port)", error)
        }
        if !Self.isLoopback(configuration.metricsHost) {
            log.warning("server: metrics on \(configuration.metricsHost):\(port) (--metrics-host) are unauthenticated: anyone who reaches it reads them")
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
