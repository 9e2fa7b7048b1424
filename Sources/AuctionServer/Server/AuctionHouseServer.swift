import AuctionCore
import AuctionData
import AuctionEngine
import AuctionImage
import AuctionInfrastructure
import Glibc

/// The auction house: the HTTP catalogue and the auction socket on one event loop, bids durable in SQLite
/// (or, with `configuration.store`, in the PostgreSQL store several nodes share).
///
/// Embeddable: `start()` opens the database (seeding the demo catalogue into an empty one), binds
/// both listeners and returns their real addresses; `stop()` stops accepting, lets in-flight bids
/// commit and answer, closes every connection and the database, and joins the threads, so nothing
/// is left running or listening. Call both from any thread but the server's own loop.
public final class AuctionHouseServer: Sendable {
    /// What the server was built with.
    public let configuration: ServerConfiguration
    /// Where log lines go.
    public let log: ServerLog
    private let hooks: ServerHooks
    let clock: any TimeSource
    let state = Mutex(Running())
    /// With `--store`: the few connections every store of this node (and its ledger's reads) borrows from.
    let storePool: PostgresPool?

    /// What `start` built, for `stop` to take apart. Not `Sendable`: it lives in `state` (a `Mutex`);
    /// the socket service inside is bound to the loop.
    struct Running {
        var started = false
        var stopped = false
        var databasePath: String?
        var addresses: ServerAddresses?
        var loop: EventLoop?
        var service: LoopBound<SocketService>?
        var http: HTTPServer?
        /// With TLS: the certificate in force, and the plaintext HTTP listener beside HTTPS if asked for.
        var certificates: ServerCertificates?
        var plainHTTP: HTTPServer?
        /// With `--metrics-port`: the listener serving `GET /metrics`.
        var metricsHTTP: HTTPServer?
        var ledger: (any CountingBidLedger)?
        var chat: ChatRelay?
        var catalogue: CatalogueStore?
        var catalogueReaders: BlockingWorkers?
        /// Where upload bodies are parsed and images decoded.
        var decoders: BlockingWorkers?
        var bidder: BidderStore?
        var images: ImageStore?
        var closings: WorkerThread?
        var notifications: NotificationRelay?
        var selling: SellingStore?
        /// On PostgreSQL: who records closes (one node at a time).
        var closingDuty: PostgresClosingDuty?
        var sellingWriter: WorkerThread?
        /// With `--store`: the listener bringing other nodes' bids and closes (`Cluster/`).
        var cluster: ClusterListener?
        /// The database file's exclusive lock: one server per file, released last.
        var fileLock: DatabaseFileLock?
        /// The stores and threads opened so far, closed in reverse once the loop has stopped.
        var parts = StartedParts()
    }

    /// A server that will run with `configuration`; nothing happens until `start()`.
    ///
    /// `hooks` nil (the default) means accounts on the server's database: `/users/*` routes, and
    /// login frames resolved by `AccountService`. Tests pass their own. `clock` is the server's one clock:
    /// its loop's timers, closings, deadlines, limits, accounts and the simulator read it; tests pass a manual one.
    public init(configuration: ServerConfiguration, log: ServerLog = ServerLog(level: .info), hooks: ServerHooks? = nil,
                clock: any TimeSource = SystemClock()) {
        var configuration = configuration
        // One link policy for every connection this node opens to the shared store.
        configuration.store?.link = PostgresLinkPolicy(timeoutMilliseconds: configuration.storeTimeoutMilliseconds)
        self.configuration = configuration
        self.log = log
        let pool = configuration.store.map { PostgresPool(store: $0, size: PostgresPool.nodeSize) }
        storePool = pool
        self.hooks = hooks ?? AccountsHooks(log: log, configuration: configuration.accounts, clock: clock, store: configuration.store,
                                            pool: pool).hooks
        self.clock = clock
    }

    deinit { stop() }

    /// Whether this node should be sent traffic (`GET /health/ready`): not while starting, with its
    /// shared store out of reach, or once stopping.
    public let readiness = Readiness()

    /// The listening addresses once started.
    public var addresses: ServerAddresses? { state.withLock { $0.addresses } }

    /// How the bid ledger's group commit has been doing (commits, bids, bids per commit) once started.
    public var ledgerStatistics: LedgerStatistics? { state.withLock { $0.ledger?.statistics } }

    /// What price pushes have cost so far (connections visited per group, pushes) once started.
    public var fanOutStatistics: FanOutStatistics? {
        let (loop, service) = state.withLock { ($0.loop, $0.service) }
        guard let loop, let service else { return nil }
        return loop.waitFor { service.value.fanOut.statistics }
    }

    /// How the cluster listener has been doing (with `--store`) once started.
    var clusterStatistics: ClusterListener.Statistics? { state.withLock { $0.cluster?.statistics } }

    /// The database file in use once started.
    public var databasePath: String? { state.withLock { $0.databasePath } }

    /// Opens the store, binds HTTP and socket listeners and starts serving; returns where it listens.
    @discardableResult
    public func start() throws(ServerError) -> ServerAddresses {
        let claimed = state.withLock { running -> Bool in
            guard !running.started else { return false }
            running.started = true
            return true
        }
        guard claimed else { throw .alreadyStarted }
        var opened = Running()
        opened.started = true
        do throws(ServerError) {
            try open(into: &opened)
        } catch {
            tearDown(opened)
            state.withLock { $0.stopped = true }
            throw error
        }
        let running = opened
        state.withLock { $0 = running }
        readiness.set(.starting, false)
        if let addresses = running.addresses {
            let store = configuration.store.map { "store=\($0.displayTarget)" } ?? "database=\(running.databasePath ?? "?")"
            log.info("server: \(addresses) \(store)")
            return addresses
        }
        throw .setup("no addresses")
    }

    /// Stops accepting, finishes in-flight bids, closes connections and the database. Idempotent.
    public func stop() {
        stop(draining: nil)
    }

    /// Ends a drain's wait for clients (`AuctionHouseServer+Drain`).
    let drainEnded = Latch<DrainEnd>()

    /// `stop()`, or with `drain` a drain: clients told to reconnect elsewhere and given its bound to leave.
    /// False when there was nothing to stop (never started, or stopped already).
    @discardableResult
    func stop(draining drain: Drain?) -> Bool {
        readiness.set(.draining, true)
        let running = state.withLock { running -> Running? in
            guard running.started, !running.stopped else { return nil }
            running.stopped = true
            return running
        }
        guard let running else { return false }
        log.info("server: stopping")
        tearDown(running, drain: drain)
        log.flush()
        log.info("server: stopped")
        return true
    }

    private func open(into running: inout Running) throws(ServerError) {
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
            for closing in ended { live.close(closing.productID, winner: closing.winner.flatMap { service.knownNames[$0] }) }
            let bound = LoopBound(service, on: loop)
            Self.record(ended, catalogue: catalogue, duty: duty, clock: clock, log: log, queue: closings) { ready in
                loop.execute {
                    for (closing, name) in ready {
                        live.close(closing.productID, winner: name ?? closing.winner.flatMap { bound.value.knownNames[$0] })
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
    private static func health(service: SocketService, products: Int) -> HTTPResponse {
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
    private static func record(_ ended: [AuctionClosing], catalogue: CatalogueStore, duty: PostgresClosingDuty?, clock: any TimeSource,
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

    /// Stops what is running, in order: listeners, in-flight bids, connections, loop (each step waits
    /// for the one before through a completion: `waitFor` returns once its task ran on the loop, a
    /// worker's `shutdown` once its queue ran, the latch once the last connection closed), then the
    /// stores and threads `open` started, in reverse (`StartedParts`), the accounts, the pool, and the
    /// database file's checkpoint and lock. With `drain`, HTTP connections already open are served
    /// until the drain's wait ends.
    private func tearDown(_ running: Running, drain: Drain? = nil) {
        if let loop = running.loop {
            let service = running.service, http = running.http, plainHTTP = running.plainHTTP
            let draining = drain != nil, metricsHTTP = running.metricsHTTP
            loop.waitFor {
                service?.value.stopAccepting()
                metricsHTTP?.close()
                if draining {
                    http?.stopListening()
                    plainHTTP?.stopListening()
                } else {
                    http?.close()
                    plainHTTP?.close()
                }
            }
        }
        running.cluster?.stop()
        // Commits everything queued; their replies are handed to the loop before this returns.
        running.ledger?.shutdown()
        running.chat?.finishWrites()
        running.closings?.shutdown()
        running.sellingWriter?.shutdown()
        if let relay = running.notifications {
            _ = running.loop?.waitFor {}  // notices decided by the last commits and closings are posted
            relay.finishWrites()
        }
        if let drain {
            waitForClientsToLeave(running, drain: drain)
            let http = running.http, plainHTTP = running.plainHTTP
            running.loop?.waitFor { http?.close(); plainHTTP?.close() }
        }
        if let loop = running.loop {
            let service = running.service
            // Let the replies go out, then close; give slow readers two seconds (a drain: what is left of its
            // bound). The last connection's close fulfils the latch; `shutdown` closes whatever is left.
            let allClosed = Latch<Void>()
            let waiting = loop.waitFor { () -> Bool in
                guard let service else { return false }
                service.value.closeAll { allClosed.fulfil(()) }
                return true
            }
            if waiting == true { _ = allClosed.wait(milliseconds: flushMilliseconds(drain)) }
            loop.shutdown()
        }
        running.parts.stopAll(log: log)
        hooks.didStop()
        storePool?.close()
        if let lock = running.fileLock {
            checkpoint(lock.path)
            lock.release()
        }
    }

    /// Copies the WAL into the database file and empties it, once every connection has closed,
    /// so that the `.sqlite` file alone holds everything after a clean stop.
    private func checkpoint(_ path: String) {
        do throws(StoreError) {
            let database = try SQLiteDatabase(path: path, options: [.readWrite])
            defer { database.close() }
            let result = try database.checkpointTruncatingWAL()
            if result.busy {
                log.warning("store: the final checkpoint of \(path) could not finish (a connection is still reading)")
            } else {
                log.debug("store: checkpointed \(result.checkpointedFrames) WAL frame(s) into \(path)")
            }
        } catch {
            log.error("store: the final checkpoint of \(path) failed: \(error)")
        }
    }
}
