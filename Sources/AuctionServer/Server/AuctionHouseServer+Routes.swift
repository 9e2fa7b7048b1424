import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionImage
import AuctionInfrastructure

/// Opening, continued: the HTTP routes on the started parts, then the listeners.
extension AuctionHouseServer {
    /// What the HTTP routes are built from, gathered while `open` starts the parts.
    struct RouteParts {
        /// The catalogue store (bid history).
        var catalogue: CatalogueStore
        /// The catalogue reads answer from.
        var live: LiveCatalogue
        /// Who a session token belongs to.
        var sessions: any SessionResolver
        /// The threads that read the store.
        var readers: BlockingWorkers
        /// The threads that decode uploaded images.
        var decoders: BlockingWorkers
        /// Image uploads per hour.
        var budget: UploadBudget
        /// The per-address query rate HTTP shares with socket request 13.
        var queryRate: QueryRate
        /// What `GET /metrics` counts (nil: metrics off).
        var metrics: ServerMetrics?
        /// The socket service, on the loop.
        var service: LoopBound<SocketService>
        /// Where listings, edits and removals reach the book and the catalogue (nil: no selling store).
        var adoption: LotAdoption?
        /// The loop.
        var loop: EventLoop
    }

    /// Adds the catalogue, history, query, notification, bidder, image and selling routes to `router`.
    func installRoutes(on router: inout HTTPRouter, _ parts: RouteParts, stores: OpenStores, into running: inout Running) {
        let readers = parts.readers, live = parts.live, catalogue = parts.catalogue, service = parts.service, clock = self.clock
        router.add(HealthEndpoints(readiness: readiness))
        let products = live.count
        CatalogueEndpoints.install(on: &router, source: live, offload: { readers.submit($0) },
                                   health: { Self.health(service: service.value, products: products) })
        let viewers = parts.sessions
        router.add(BidHistoryEndpoints(offload: { readers.submit($0) }) { (id, token) throws(AuctionError) -> [BidHistoryEntry] in
            guard live.product(id) != nil else { throw .notFound("product") }
            do throws(StoreError) {
                // On the catalogue readers, never the loop: the token's holder sees their own bids in full.
                let viewer = token.flatMap { viewers.user(forToken: $0)?.id }
                return try catalogue.bidHistory(of: id, limit: BidHistoryDTO.maximumCount, viewer: viewer)
            } catch {
                throw .server(status: error.httpStatusCode, message: error.description)
            }
        })
        router.add(LotLogEndpoints(catalogue: catalogue, exists: { live.product($0) != nil }, user: { viewers.user(forToken: $0)?.id },
                                   signer: stores.logSigner, offload: { readers.submit($0) }))
        router.add(QueryEndpoints(offload: { readers.submit($0) }, rate: parts.queryRate,
                                  run: live.queryRunner(clock: clock, rowBudget: configuration.query.rowBudget)))
        let relay = stores.notifications, sessions = parts.sessions, decoders = parts.decoders
        router.add(NotificationEndpoints(sessions: sessions, store: relay.store, workers: relay.readers, clock: clock))
        router.add(BidderEndpoints(store: stores.bidder, user: { sessions.user(forToken: $0)?.id }, offload: { readers.submit($0) },
                                   now: { clock.now() }, suspension: { sessions.suspension(forToken: $0) }))
        router.add(ImageEndpoints(store: stores.images, sessions: sessions, offload: { readers.submit($0) },
                                  decoders: { decoders.submit($0) }, now: { clock.now() }, budget: parts.budget))
        if let adoption = parts.adoption {
            installSellingRoutes(on: &router, selling: stores.selling, adoption: adoption, parts, into: &running)
        }
    }

    /// Starts the selling writer and adds the selling and moderation routes (and the demo's simulated seller).
    private func installSellingRoutes(on router: inout HTTPRouter, selling: SellingStore, adoption: LotAdoption, _ parts: RouteParts,
                                      into running: inout Running) {
        let writer = WorkerThread(name: "auction-selling")
        running.parts.started("the selling writer", stage: .writers) { writer.shutdown() }
        running.queues.append(("selling_writer", { writer.queue.count }))
        let readers = parts.readers, decoders = parts.decoders, loop = parts.loop, clock = self.clock
        let hooks = Self.sellingHooks(adoption: adoption, live: parts.live, service: parts.service, loop: loop, metrics: parts.metrics)
        router.add(SellingEndpoints(
            store: selling, sessions: parts.sessions, rules: SaleRules(maximumPrice: configuration.priceLimits.maximumPrice),
            offload: { readers.submit($0) }, decoders: { decoders.submit($0) }, writer: { writer.submit($0) }, hooks: hooks,
            now: { clock.now() }, budget: parts.budget, limits: configuration.uploads))
        if let moderation = self.hooks.moderation() {
            let actions = ModerationActions(selling: selling, accounts: moderation.accounts,
                                            hooks: Self.moderationHooks(adoption: adoption, service: parts.service, loop: loop),
                                            now: { clock.now() }, log: log, limits: configuration.priceLimits)
            router.add(ModerationActionEndpoints(actions: actions, check: moderation.check, workers: moderation.workers,
                                                 writer: { writer.submit($0) }, now: { clock.now() }))
        }
        if configuration.simulation == .demoFeed {
            let seller = SimulatedSeller(loop: loop, store: selling, writer: writer, hooks: hooks, log: log)
            loop.execute { seller.schedule() }
        }
    }

    /// Binds the socket, then HTTP (on the port `starting` held until now), the plaintext listeners
    /// beside TLS and the metrics listener.
    func startListeners(_ router: HTTPRouter, _ parts: RouteParts, socket service: SocketService, certificates: ServerCertificates?,
                        starting: inout StartingHealth?, into running: inout Running) throws(ServerError) {
        let httpMetrics = parts.metrics.map { HTTPMetrics(routes: router.registeredRoutes, server: $0) }
        let handler = Self.httpHandler(router, metrics: httpMetrics)
        let socketAddress: SocketAddress, publicHTTP: HTTPServer
        do throws(SocketError) {
            socketAddress = try service.listen(port: configuration.socketPort, tls: certificates?.socket, bound: running.ports.socket)
        } catch {
            throw .listen(service: "the socket on \(configuration.host):\(configuration.socketPort)", error)
        }
        do throws(SocketError) {
            var screened = httpConfiguration
            screened.screen = Self.headScreen(sessions: parts.sessions, workers: parts.readers)
            screened.tls = certificates?.http
            screened.bound = running.ports.http
            if let held = starting {
                screened.port = held.port
                held.close()
                starting = nil
            }
            let http = try HTTPServer.start(screened, on: parts.loop, handler: handler)
            running.parts.httpListener("HTTP", http)
            running.addresses = ServerAddresses(http: http.address, socket: socketAddress)
            publicHTTP = http
        } catch {
            throw .listen(service: "HTTP on \(configuration.host):\(configuration.httpPort)", error)
        }
        try startPlaintextListeners(beside: certificates, service: service, handler: handler, loop: parts.loop, into: &running)
        try startMetricsListener(parts.metrics, http: httpMetrics, publicHTTP: publicHTTP, service: parts.service, loop: parts.loop,
                                 into: &running)
    }

    /// The HTTP listener's settings: limits, per-path body bounds and the descriptor reserve.
    var httpConfiguration: HTTPServer.Configuration {
        var http = HTTPServer.Configuration(host: configuration.host, port: configuration.httpPort, session: configuration.httpSession,
                                            maximumConnections: configuration.httpMaximumConnections)
        http.maximumConnectionsPerAddress = configuration.httpMaximumConnectionsPerAddress
        // Image uploads may be larger than other requests; only on their own path.
        http.session.limits.bodyBytesByPath["/images"] = max(http.session.limits.bodyBytes, ImageEndpoints.bodyLimit(ImageUpload.Rules()))
        http.session.limits.bodyBytesByPath["/products"] = max(http.session.limits.bodyBytes, SellingEndpoints.bodyLimit(ImageUpload.Rules()))
        http.maximumBodyBytesInFlight = configuration.uploads.maximumBodyBytesInFlight
        http.session.refusesWithJSON = true  // 413 & co. carry {"error", "reason"} like every other refusal
        let log = self.log
        http.reserve = DescriptorReserve(count: configuration.descriptorReserve,
                                         refusal: HTTPServer.tooManyConnectionsResponse,
                                         onRefusals: { log.warning("http: \($0)") })
        return http
    }

    /// `GET /health` with a little more than the catalogue's `{"status":"ok"}` (our addition).
    static func health(service: SocketService, products: Int) -> HTTPResponse {
        let body: JSONValue = .object(JSONObject([
            ("status", .string("ok")), ("products", .int(Int64(products))),
            ("socket_connections", .int(Int64(service.peers.count))),
            ("bids_accepted", .int(Int64(service.bidPath.counts.accepted))),
            ("original_clients", .int(Int64(service.peers.values.count { $0.features == nil }))),
            ("largest_original_send", .int(Int64(service.largestOriginalSend))),
        ]))
        return HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: body.serialized())
    }
}
