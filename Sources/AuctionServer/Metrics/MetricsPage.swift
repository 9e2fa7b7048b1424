import AuctionCore
import AuctionInfrastructure

/// Everything `GET /metrics` reads, gathered when the server starts; `render` writes the page on the
/// server's loop (docs/SERVER.md "Metrics" lists every family).
struct MetricsPage {
    /// The counters only metrics keep.
    let server: ServerMetrics
    /// Requests and latency by route.
    let http: HTTPMetrics
    /// The socket service (read on its loop).
    let service: LoopBound<SocketService>
    /// The ledger's own statistics (commits, batch sizes).
    let ledger: @Sendable () -> LedgerStatistics?
    /// Worker queues by name, each read as jobs waiting now.
    let queues: [(name: String, depth: @Sendable () -> Int)]
    /// The public HTTP listener's connection counts.
    let httpConnections: @Sendable () -> (accepted: Int, open: Int)
    /// With `--store`: the cluster listener's statistics.
    let cluster: (@Sendable () -> ClusterListener.Statistics)?
    /// With `--tls-cert`: each TLS listener's handshake bounds and counts (`MetricsPage+TLS.swift`).
    var tlsListeners: [(name: String, settings: TLSServerSettings)] = []

    /// The page in the text exposition format (loop thread).
    func render() -> String {
        var page = MetricsText()
        renderSocket(&page, SocketSnapshot(service.value))
        renderHTTP(&page)
        renderStore(&page)
        renderProcess(&page)
        renderTLS(&page)
        return page.text
    }

    private func renderSocket(_ page: inout MetricsText, _ socket: SocketSnapshot) {
        page.family("auction_bids_accepted_total", .counter, help: "Bid steps committed (proxy steps included).")
        page.sample("auction_bids_accepted_total", socket.bidsAccepted)
        page.family("auction_bids_refused_total", .counter, help: "Bids and buys refused, by reason.")
        for reason in RefusalReason.allCases {
            page.sample("auction_bids_refused_total", [("reason", reason.rawValue)], server.refusals(reason))
        }
        page.family("auction_buys_total", .counter, help: "Buy-now purchases committed.")
        page.sample("auction_buys_total", server.tally(.buys))
        page.family("auction_pushes_total", .counter, help: "Price pushes handed to socket connections.")
        page.sample("auction_pushes_total", socket.pushes)
        page.family("auction_socket_bytes_written_total", .counter, help: "Bytes written to socket connections.")
        page.sample("auction_socket_bytes_written_total", server.tally(.closedConnectionBytes) + socket.openConnectionBytes)
        page.family("auction_socket_connections_accepted_total", .counter, help: "Socket connections accepted.")
        page.sample("auction_socket_connections_accepted_total", socket.connectionsAccepted)
        page.family("auction_socket_connections_dropped_total", .counter,
                    help: "Socket connections dropped (or refused, cause limit) by the server, by cause.")
        for cause in ServerMetrics.DropCause.allCases {
            page.sample("auction_socket_connections_dropped_total", [("cause", cause.label)], server.drops(cause))
        }
        page.family("auction_chat_messages_total", .counter, help: "Chat messages stored.")
        page.sample("auction_chat_messages_total", server.tally(.chatMessages))
        page.family("auction_lots_total", .counter, help: "Lots listed, edited and withdrawn by sellers, by change.")
        page.sample("auction_lots_total", [("change", "listed")], server.tally(.lotsListed))
        page.sample("auction_lots_total", [("change", "edited")], server.tally(.lotsEdited))
        page.sample("auction_lots_total", [("change", "withdrawn")], server.tally(.lotsWithdrawn))
        let latency = server.bidLatency.snapshot
        page.family("auction_bid_latency_seconds", .histogram, help: "From a bid's decision through its commit to its reply.")
        page.histogram("auction_bid_latency_seconds", bounds: server.bidLatency.bounds, counts: latency.counts,
                       sum: latency.sum, scale: 1e9)
        page.family("auction_open_lots", .gauge, help: "Lots open for bids.")
        page.sample("auction_open_lots", socket.openLots)
        page.family("auction_socket_connections", .gauge,
                    help: "Open socket connections by dialect: original (no hello) or hello.")
        page.sample("auction_socket_connections", [("dialect", "original")], socket.originalConnections)
        page.sample("auction_socket_connections", [("dialect", "hello")], socket.helloConnections)
        page.family("auction_watchers", .gauge, help: "Socket connections watching list pages or products.")
        page.sample("auction_watchers", socket.watchers)
        page.family("auction_socket_output_queued_bytes", .gauge, help: "Output bytes held for socket clients.")
        page.sample("auction_socket_output_queued_bytes", socket.queuedBytes)
        page.family("auction_worker_queue_depth", .gauge, help: "Jobs waiting in each worker queue.")
        page.sample("auction_worker_queue_depth", [("queue", "ledger")], socket.commitsInFlight)
        for queue in queues { page.sample("auction_worker_queue_depth", [("queue", queue.name)], queue.depth()) }
    }

    private func renderHTTP(_ page: inout MetricsText) {
        page.family("auction_http_requests_total", .counter, help: "HTTP requests answered, by route and status class.")
        for (index, route) in http.routes.enumerated() {
            for (statusIndex, statusClass) in HTTPMetrics.statusClasses.enumerated() {
                let count = http.requests(route: index, statusClass: statusIndex)
                guard count > 0 else { continue }
                page.sample("auction_http_requests_total", [("route", route), ("status_class", statusClass)], count)
            }
        }
        page.family("auction_http_request_duration_seconds", .histogram, help: "HTTP request latency by route.")
        for (index, route) in http.routes.enumerated() {
            let histogram = http.latency(route: index), snapshot = histogram.snapshot
            guard snapshot.counts.contains(where: { $0 > 0 }) else { continue }
            page.histogram("auction_http_request_duration_seconds", labels: [("route", route)], bounds: histogram.bounds,
                           counts: snapshot.counts, sum: snapshot.sum, scale: 1e9)
        }
        let connections = httpConnections()
        page.family("auction_http_connections_accepted_total", .counter, help: "HTTP connections accepted.")
        page.sample("auction_http_connections_accepted_total", connections.accepted)
        page.family("auction_http_connections", .gauge, help: "Open HTTP connections.")
        page.sample("auction_http_connections", connections.open)
        page.family("auction_logins_total", .counter, help: "Logins (POST /users/login) by outcome.")
        page.sample("auction_logins_total", [("outcome", "ok")], server.tally(.loginsOK))
        page.sample("auction_logins_total", [("outcome", "failed")], server.tally(.loginsFailed))
        page.sample("auction_logins_total", [("outcome", "rate_limited")], server.tally(.loginsRateLimited))
        page.family("auction_images_total", .counter, help: "Image uploads (POST /images) by outcome.")
        page.sample("auction_images_total", [("outcome", "accepted")], server.tally(.imagesAccepted))
        page.sample("auction_images_total", [("outcome", "refused")], server.tally(.imagesRefused))
    }

    private func renderStore(_ page: inout MetricsText) {
        if let statistics = ledger() {
            page.family("auction_ledger_commits_total", .counter, help: "Ledger transactions committed.")
            page.sample("auction_ledger_commits_total", statistics.commits)
            page.family("auction_ledger_failed_bids_total", .counter, help: "Bids whose commit failed.")
            page.sample("auction_ledger_failed_bids_total", statistics.failedBids)
            page.family("auction_ledger_batch_size", .histogram, help: "Bids stored per ledger transaction.")
            page.histogram("auction_ledger_batch_size", bounds: LedgerBatchSizes.bounds,
                           counts: statistics.batchSizes.perBucket, sum: statistics.committedBids)
        }
        renderCluster(&page)
    }

    private func renderCluster(_ page: inout MetricsText) {
        guard let cluster else { return }
        let statistics = cluster()
        page.family("auction_store_link_up", .gauge, help: "1 while the PostgreSQL listener is connected and caught up, else 0.")
        page.sample("auction_store_link_up", statistics.listening ? 1 : 0)
        page.family("auction_store_listener_lag_seconds", .gauge,
                    help: "From the newest bid another node committed to its arrival here (wall clock).")
        page.sample("auction_store_listener_lag_seconds", seconds: Double(statistics.lagMilliseconds) / 1_000)
        page.family("auction_store_listener_connections_total", .counter, help: "Times the listener connected to the store.")
        page.sample("auction_store_listener_connections_total", statistics.connections)
    }
}
