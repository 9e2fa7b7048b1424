import AuctionCore
import AuctionData
import AuctionEngine
import AuctionImage
import AuctionInfrastructure
import Glibc

/// Opening: the stores, the threads, the loop, the socket service and the listeners, in order.
extension AuctionHouseServer {
    /// Opens everything `start` serves with, noting each part in `running` as it starts.
    func open(into running: inout Running) throws(ServerError) {
        let certificates = try loadCertificates(into: &running)
        // Until the real listener binds it, the HTTP port says why the node is not ready yet.
        var starting = StartingHealth.holdsWhileStarting(configuration.httpPort)
            ? StartingHealth.start(host: configuration.host, port: configuration.httpPort, tls: certificates?.http, readiness: readiness)
            : nil
        defer { starting?.close() }
        let path: String
        let target: StoreTarget
        readiness.set(.migrating, true)  // until the first store is open: opening it migrates a SQLite file
        defer { readiness.set(.migrating, false) }
        do throws(StoreError) {
            if let pool = storePool {
                path = pool.store.displayTarget
                target = .shared(pool)
                try migrateShared(pool.store)
            } else {
                if let given = configuration.databasePath {
                    try StoreLocation.createDirectory(containing: given)
                    path = given
                } else {
                    path = try StoreLocation.preparedDefaultDatabasePath()
                }
                target = .file(path)
                running.fileLock = try DatabaseFileLock(path: path)
            }
            running.databasePath = path
            let catalogue = try CatalogueStore(target: target)
            running.catalogue = catalogue
            running.parts.started("the catalogue store") { catalogue.close() }
            readiness.set(.migrating, false)
            if configuration.seedDemoCatalogue, try catalogue.seedDemoCatalogueIfEmpty(now: clock.now()) {
                log.info("store: seeded the demo catalogue (\(DemoCatalogue.productCount) products) into \(path)")
            }
            if let pool = storePool {
                running.ledger = try sharedLedger(pool)
                let duty = PostgresClosingDuty(store: pool.store, timeoutMilliseconds: configuration.storeTimeoutMilliseconds, clock: clock)
                running.closingDuty = duty
                running.parts.started("the closing duty") { duty.close() }
            } else {
                running.ledger = try SQLiteBidLedger(
                    path: path, keyLifetimeMilliseconds: configuration.bidding.idempotencyLifetimeMilliseconds)
            }
            let chat = try ChatRelay(target: target, limits: configuration.chat, log: log)
            running.chat = chat
            running.parts.started("chat") { chat.close() }
            let notifications = try NotificationRelay(target: target, log: log)
            running.notifications = notifications
            running.parts.started("notifications") { notifications.close() }
            let bidder = try BidderStore(target: target)
            running.bidder = bidder
            running.parts.started("the bidder store") { bidder.close() }
            let selling = try SellingStore(target: target)
            running.selling = selling
            running.parts.started("the selling store") { selling.close() }
            // Opened before the readers and decoders that write to it, so it closes after they stop.
            let images = try ImageStore(target: target)
            running.images = images
            running.parts.started("the image store") { images.close() }
        } catch {
            throw .store(error)
        }
        guard let catalogue = running.catalogue, let ledger = running.ledger else { throw .setup("store not open") }
        let restored: RestoredState
        do throws(StoreError) {
            restored = try RestoredState.load(from: catalogue, limits: configuration.priceLimits,
                                              bidding: configuration.bidding, now: clock.now())
        } catch {
            throw .store(error)
        }
        for lot in restored.book.unavailableLots {
            log.warning("store: product \(lot.productID) has price \(lot.price.minorUnits), outside 0-"
                        + "\(configuration.priceLimits.maximumPrice.minorUnits) (max_price): bids on it are refused")
        }
        let sessions: any SessionResolver
        var router = HTTPRouter()
        let live: LiveCatalogue
        let removed: [ProductID: String]
        do throws(StoreError) {
            removed = try running.selling?.removedProducts() ?? [:]
            live = LiveCatalogue(store: catalogue, products: restored.products, bidCounts: restored.bidCounts,
                                 sellers: try running.selling?.sellerNames() ?? [:],
                                 withdrawn: try running.selling?.withdrawnProducts() ?? [], removed: removed)
        } catch {
            throw .store(error)
        }
        // Detail and image reads wait for the store's lock (an auction close may be writing), so
        // they run on two threads of their own: neither the loop nor Swift's pool waits for disk.
        let readers = BlockingWorkers(name: "auction-catalog", threads: 2)
        running.catalogueReaders = readers
        running.parts.started("the catalogue readers") { readers.shutdown() }
        let decoders = Self.decodeWorkers(configuration.uploads)
        running.decoders = decoders
        running.parts.started("the decoders") { decoders.shutdown() }
        let budget = UploadBudget(imagesPerHour: configuration.imageUploadsPerHour, limits: configuration.uploads)
        do {
            sessions = try hooks.makeSessionResolver(path)
            try hooks.installRoutes(&router, path)
        } catch {
            throw .setup("\(error)")
        }
        let loop: EventLoop
        do throws(SocketError) {
            loop = try EventLoop.spawn(name: "auction-server", clock: clock)
        } catch {
            throw .eventLoop(error)
        }
        running.loop = loop
        let closings = WorkerThread(name: "auction-closing")
        running.closings = closings
        var book = restored.book
        running.notifications?.restoreEndingSoon(into: &book)
        if let withdrawn = try? running.selling?.withdrawnProducts() { book.restoreWithdrawn(withdrawn) }
        for id in removed.keys { book.adoptRemoval(id) }
        do throws(StoreError) {
            book.assignSellers(try running.selling?.sellerIDs() ?? [:])
        } catch {
            throw .store(error)
        }
        let bidPath = BidPath(book: book, sequences: ProductSequences(restored.bidCounts), termsVersions: restored.termsVersions,
                              configuration: configuration)
        bidPath.restoreKeys(restored.keyedBids)
        let duty = running.closingDuty, clock = self.clock
        if let duty { Self.sweepOverdue(duty: duty, queue: closings, loop: loop, clock: clock, log: log) }
        var serviceHooks = SocketService.Hooks()
        serviceHooks.onPriceChange = { live.apply($0) }
        serviceHooks.onLotChange = { lot, added in
            live.apply(lot.productID, added: added, endsAt: lot.endsAt, extensions: lot.extensions,
                       reserveMet: lot.reserveMet, buyNowPrice: lot.buyNowPrice)
        }
        serviceHooks.onClosings = { [log] service, ended in
            // Closed in the catalogue at once (the winner's name may follow once the close is recorded).
            for closing in ended { live.close(closing.productID, winner: closing.winner.flatMap { service.sessions.name(of: $0) }) }
            let bound = LoopBound(service, on: loop)
            Self.record(ended, catalogue: catalogue, duty: duty, clock: clock, log: log, queue: closings) { ready in
                loop.execute {
                    for (closing, name) in ready {
                        live.close(closing.productID, winner: name ?? closing.winner.flatMap { bound.value.sessions.name(of: $0) })
                        bound.value.announce(closing, winnerName: name)
                    }
                }
            }
        }
        let metrics = makeMetrics()
        let query = configuration.query, queryClock = self.clock
        // One rate per client address for HTTP queries and socket request 13 together.
        let queryRate = QueryRate(perSecond: query.queriesPerAddressPerSecond, now: { queryClock.now() })
        var parts = SocketService.Parts()
        parts.chat = running.chat
        parts.notifications = running.notifications
        parts.queryPages = live.pageRunner(clock: clock, rowBudget: query.rowBudget, offload: { readers.submit($0) })
        parts.queryRate = queryRate
        parts.metrics = metrics
        let service = SocketService(loop: loop, configuration: configuration, bidPath: bidPath, ledger: ledger.seam,
                                    sessions: sessions, log: log, hooks: serviceHooks, parts: parts)
        // Built whole here, before `listen`; from then on used only on the loop, reached through `bound`.
        let bound = LoopBound(handingOver: service, to: loop)
        running.service = bound
        let adoption = running.selling.map {
            LotAdoption(store: $0, live: live, service: bound, loop: loop, bidding: configuration.bidding,
                        clustered: configuration.store != nil, log: log)
        }
        if let store = configuration.store {
            running.cluster = Self.startCluster(store: store, loop: loop, service: bound, live: live,
                                                sequences: bidPath.sequences, adoption: adoption,
                                                chatRooms: running.chat?.rooms ?? ChatRoomSequences(), presence: running.chat?.presence, log: log)
            let cluster = running.cluster
            readiness.checkStore { cluster?.statistics.listening ?? false }
        }
        router.add(HealthEndpoints(readiness: readiness))
        let products = live.count
        CatalogueEndpoints.install(on: &router, source: live, offload: { readers.submit($0) },
                                   health: { Self.health(service: bound.value, products: products) })
        router.add(BidHistoryEndpoints(offload: { readers.submit($0) }) { (id) throws(AuctionError) -> [BidHistoryEntry] in
            guard live.product(id) != nil else { throw .notFound("product") }
            do throws(StoreError) {
                return try catalogue.bidHistory(of: id, limit: BidHistoryDTO.maximumCount)
            } catch {
                throw .server(status: error.httpStatusCode, message: error.description)
            }
        })
        router.add(QueryEndpoints(offload: { readers.submit($0) }, rate: queryRate,
                                  run: live.queryRunner(clock: clock, rowBudget: query.rowBudget)))
        if let relay = running.notifications {
            router.add(NotificationEndpoints(sessions: sessions, store: relay.store, workers: relay.readers, clock: clock))
        }
        if let bidder = running.bidder {
            let clock = self.clock
            router.add(BidderEndpoints(store: bidder, user: { sessions.user(forToken: $0)?.id }, offload: { readers.submit($0) },
                                       now: { clock.now() }))
        }
        if let images = running.images {
            let clock = self.clock
            router.add(ImageEndpoints(store: images, sessions: sessions, offload: { readers.submit($0) },
                                      decoders: { decoders.submit($0) }, now: { clock.now() }, budget: budget))
        }
        if let selling = running.selling, let adoption {
            let writer = WorkerThread(name: "auction-selling")
            running.sellingWriter = writer
            let clock = self.clock
            let hooks = Self.sellingHooks(adoption: adoption, live: live, service: bound, loop: loop, metrics: metrics)
            router.add(SellingEndpoints(
                store: selling, sessions: sessions, rules: SaleRules(maximumPrice: configuration.priceLimits.maximumPrice),
                offload: { readers.submit($0) }, decoders: { decoders.submit($0) }, writer: { writer.submit($0) }, hooks: hooks,
                now: { clock.now() }, budget: budget, limits: configuration.uploads))
            if let moderation = self.hooks.moderation() {
                let actions = ModerationActions(selling: selling, accounts: moderation.accounts,
                                                hooks: Self.moderationHooks(adoption: adoption, service: bound, loop: loop),
                                                now: { clock.now() }, log: log, limits: configuration.priceLimits)
                router.add(ModerationActionEndpoints(actions: actions, check: moderation.check, workers: moderation.workers,
                                                     writer: { writer.submit($0) }, now: { clock.now() }))
            }
            if configuration.simulation == .demoFeed {
                let seller = SimulatedSeller(loop: loop, store: selling, writer: writer, hooks: hooks, log: log)
                loop.execute { seller.schedule() }
            }
        }
        let httpMetrics = metrics.map { HTTPMetrics(routes: router.registeredRoutes, server: $0) }
        let handler = Self.httpHandler(router, metrics: httpMetrics)
        let socketAddress: SocketAddress
        do throws(SocketError) {
            socketAddress = try service.listen(port: configuration.socketPort, tls: certificates?.socket)
        } catch {
            throw .listen(service: "the socket on \(configuration.host):\(configuration.socketPort)", error)
        }
        do throws(SocketError) {
            var screened = httpConfiguration
            screened.screen = Self.headScreen(sessions: sessions)
            screened.tls = certificates?.http
            if let held = starting {
                screened.port = held.port
                held.close()
                starting = nil
            }
            let http = try HTTPServer.start(screened, on: loop, handler: handler)
            running.http = http
            running.addresses = ServerAddresses(http: http.address, socket: socketAddress)
        } catch {
            throw .listen(service: "HTTP on \(configuration.host):\(configuration.httpPort)", error)
        }
        try startPlaintextListeners(beside: certificates, service: service, handler: handler, loop: loop, into: &running)
        try startMetricsListener(metrics, http: httpMetrics, service: bound, loop: loop, into: &running)
        let simulation = configuration.simulation
        var proxyBidders: [UserID] = []
        if simulation == .demoFeed {
            do throws(StoreError) {
                proxyBidders = try catalogue.simulatedProxyBidders(now: clock.now())
            } catch {
                log.warning("simulation: no proxy bidders (\(error))")
            }
        }
        let simulatedProxies = proxyBidders
        loop.execute { bound.value.startTimers(simulation: simulation, proxyBidders: simulatedProxies) }
        loop.execute { bound.value.checkEndingSoon() }
        if let simulation { log.info("simulation: \(simulation == .demoFeed ? "the original demo feed" : "\(simulation) bids/s")") }
        if configuration.allowAnonymousBids {
            log.warning("server: --allow-anonymous-bids is on: anyone who can reach the socket may bid (unsafe)")
        }
    }

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
            ("bids_accepted", .int(Int64(service.counters.bidsAccepted))),
            ("original_clients", .int(Int64(service.peers.values.count { $0.features == nil }))),
            ("largest_original_send", .int(Int64(service.largestOriginalSend))),
        ]))
        return HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: body.serialized())
    }

    /// Records ended auctions off the loop (a durable write), then announces them on the loop.
    static func record(_ ended: [AuctionClosing], catalogue: CatalogueStore, duty: PostgresClosingDuty?, clock: any TimeSource,
                               log: ServerLog, queue: WorkerThread,
                               then announce: @escaping @Sendable ([(AuctionClosing, String?)]) -> Void) {
        queue.submit {
            var announcements: [(AuctionClosing, String?)] = []
            for closing in ended {
                if let duty {
                    // PostgreSQL: only the duty's holder records, with the stored row locked and due.
                    if let announced = recordShared(closing, duty: duty, now: clock.now(), log: log) { announcements.append(announced) }
                    continue
                }
                do {
                    try catalogue.recordClose(AuctionClosure(
                        productID: closing.productID, finalPrice: closing.finalPrice, winner: closing.winner,
                        closedAt: closing.endedAt))
                } catch {
                    log.error("auction: cannot record the close of \(closing.productID): \(error)")
                }
                let name = closing.winner.flatMap { winner in try? catalogue.userName(of: winner) }
                announcements.append((closing, name ?? nil))
            }
            announce(announcements)
        }
    }
}
