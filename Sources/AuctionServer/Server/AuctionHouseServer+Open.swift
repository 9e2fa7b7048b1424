import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionImage
import AuctionInfrastructure
import Glibc

/// Opening: the stores, the threads, the loop, the socket service and the listeners, in order; each
/// part that needs closing is noted in `running.parts` as it starts, so `tearDown` closes them in reverse.
extension AuctionHouseServer {
    /// Opens everything `start` serves with, noting each part in `running` as it starts.
    func open(into running: inout Running) throws(ServerError) {
        let certificates = try loadCertificates(into: &running)
        // Every port first: one in use stops the start before a database is created or seeded.
        // Until the real listener binds it, a fixed HTTP port says why the node is not ready yet.
        let holdsHTTP = StartingHealth.holdsWhileStarting(configuration.httpPort)
        var starting: StartingHealth?
        defer { starting?.close() }
        if holdsHTTP {
            do throws(SocketError) {
                starting = try StartingHealth.start(host: configuration.host, port: configuration.httpPort,
                                                    tls: certificates?.http, readiness: readiness)
            } catch {
                throw .listen(service: "HTTP on \(configuration.host):\(configuration.httpPort)", error)
            }
        }
        running.ports = try BoundPorts.bind(configuration, httpHeld: holdsHTTP)
        // The check's test of the database's path, so a path it refuses stops the start with the same words and exit 2.
        if configuration.store == nil,
           let problem = ConfigurationCheck.databaseProblem(configuration.databasePath, environment: ProcessEnvironment.current()) {
            throw .configuration(problem.description)
        }
        let stores = try openStores(into: &running)
        let catalogue = stores.catalogue
        let restored = try restoreState(from: catalogue)
        let (live, removed) = try openLiveCatalogue(catalogue, restored: restored, selling: stores.selling)
        let (readers, decoders) = startReaders(into: &running)
        let budget = UploadBudget(imagesPerHour: configuration.imageUploadsPerHour, limits: configuration.uploads)
        var (sessions, router) = try openAccounts(stores.path, into: &running)
        let (loop, closings) = try startLoop(notifications: stores.notifications, into: &running)
        let sequences = ProductSequences(restored.bidCounts)
        let bidPath = try makeBidPath(restored, removed: removed, sequences: sequences, stores: stores)
        let duty = stores.closingDuty
        if let duty { Self.sweepOverdue(duty: duty, queue: closings, loop: loop, clock: clock, log: log) }
        let metrics = makeMetrics()
        let queryClock = self.clock
        // One rate per client address for HTTP queries and socket request 13 together.
        let queryRate = QueryRate(perSecond: configuration.query.queriesPerAddressPerSecond, now: { queryClock.now() })
        let socketHooks = serviceHooks(live: live, catalogue: catalogue, closings: closings, duty: duty, signer: stores.logSigner, loop: loop)
        let (socket, service) = startSocketService(bidPath, hooks: socketHooks, stores: stores, sessions: sessions, live: live,
                                                   readers: readers, metrics: metrics, queryRate: queryRate, loop: loop, into: &running)
        let adoption = LotAdoption(store: stores.selling, live: live, service: service, loop: loop, bidding: configuration.bidding,
                                   clustered: configuration.store != nil, log: log)
        startClusterFeed(service: service, live: live, sequences: sequences, adoption: adoption, chat: stores.chat,
                         loop: loop, into: &running)
        let routes = RouteParts(catalogue: catalogue, live: live, sessions: sessions, readers: readers, decoders: decoders,
                                budget: budget, queryRate: queryRate, metrics: metrics, service: service, adoption: adoption, loop: loop)
        installRoutes(on: &router, routes, stores: stores, into: &running)
        try startListeners(router, routes, socket: socket, certificates: certificates, starting: &starting, into: &running)
        startTimers(service, catalogue: catalogue, loop: loop)
        if configuration.allowAnonymousBids {
            log.warning("server: --allow-anonymous-bids is on: anyone who can reach the socket may bid (unsafe)")
        }
    }

    /// Opens the stores in the order they close in reverse (the catalogue first, migrating a SQLite file
    /// or the shared schema meanwhile).
    private func openStores(into running: inout Running) throws(ServerError) -> OpenStores {
        readiness.set(.migrating, true)  // until the first store is open: opening it migrates a SQLite file
        defer { readiness.set(.migrating, false) }
        do throws(StoreError) {
            let (path, target, catalogue) = try openCatalogue(into: &running)
            let signer = try openLotLog(catalogue, databasePath: path)
            let (ledger, duty) = try openLedger(path: path, signer: signer, into: &running)
            let side = try openSideStores(target, signer: signer, into: &running)
            return OpenStores(path: path, catalogue: catalogue, ledger: ledger, logSigner: signer, closingDuty: duty, chat: side.chat,
                              notifications: side.notifications, bidder: side.bidder, selling: side.selling, images: side.images)
        } catch {
            throw .store(error)
        }
    }

    /// Opens the catalogue store (the shared one, or the SQLite file, locked) and seeds the demo
    /// catalogue when asked; the path, what the other stores open, and the store.
    private func openCatalogue(into running: inout Running) throws(StoreError) -> (String, StoreTarget, CatalogueStore) {
        let path: String
        let target: StoreTarget
        if let postgres {
            // Noted first, so it closes after every store that borrows from its pool.
            running.parts.started("the PostgreSQL client") { postgres.close() }
            path = postgres.store.displayTarget
            target = .shared(postgres.pool)
            try migrateShared(postgres.store)
        } else {
            if let given = configuration.databasePath {
                try StoreLocation.createDirectory(containing: given)
                path = given
            } else {
                path = try StoreLocation.preparedDefaultDatabasePath()
            }
            target = .file(path)
            let lock = try DatabaseFileLock(path: path)
            // Released last: once every connection has closed, the WAL is copied into the file first.
            let log = self.log
            running.parts.started("the database file") {
                Self.checkpoint(path, log: log)
                lock.release()
            }
        }
        running.databasePath = path
        let catalogue = try CatalogueStore(target: target)
        running.parts.started("the catalogue store") { catalogue.close() }
        readiness.set(.migrating, false)
        if configuration.seedDemoCatalogue, try catalogue.seedDemoCatalogueIfEmpty(now: clock.now()) {
            log.info("store: seeded the demo catalogue (\(DemoCatalogue.productCount) products) into \(path)")
        }
        return (path, target, catalogue)
    }

    /// Opens the bid ledger (the shared one with its closing duty, or the SQLite file's).
    private func openLedger(path: String, signer: LotLogSigner, into running: inout Running) throws(StoreError)
        -> (any CountingBidLedger, PostgresClosingDuty?) {
        let lifetime = configuration.bidding.idempotencyLifetimeMilliseconds
        let ledger: any CountingBidLedger
        var duty: PostgresClosingDuty?
        if let postgres {
            ledger = try postgres.ledger(keyLifetimeMilliseconds: lifetime, signer: signer)
            let closingDuty = postgres.closingDuty(signer: signer)
            running.parts.started("the closing duty") { closingDuty.close() }
            duty = closingDuty
        } else {
            ledger = try SQLiteBidLedger(path: path, keyLifetimeMilliseconds: lifetime, clock: clock, signer: signer)
        }
        running.ledger = ledger
        // Commits everything queued; their replies are handed to the loop before this returns.
        running.parts.started("the bid ledger", stage: .commits) { ledger.shutdown() }
        let bound = configuration.ledgerStallMilliseconds
        readiness.checkLedger { ledger.trouble(lastingAtLeast: bound).map(Readiness.Reason.init) }
        return (ledger, duty)
    }

    /// The lot log's signer: the key from `--log-key` (or beside the database, made at first start),
    /// registered in the store with the house's alias secret.
    private func openLotLog(_ catalogue: CatalogueStore, databasePath: String) throws(StoreError) -> LotLogSigner {
        let keyPath: String
        if let given = configuration.logKeyPath {
            keyPath = given
        } else if let beside = postgres == nil ? databasePath : configuration.databasePath {
            keyPath = (beside.lastIndex(of: "/").map { String(beside[..<$0]) } ?? ".") + "/log-key.pem"
        } else {
            let data = try StoreLocation.preparedDefaultDatabasePath()
            keyPath = data[..<(data.lastIndex(of: "/") ?? data.endIndex)] + "/log-key.pem"
        }
        let key: Ed25519PrivateKey
        do throws(ServerError) {
            key = try LogKeyFile.loadOrCreate(keyPath)
        } catch {
            throw StoreError.unexpectedValue(path: keyPath, detail: "\(error)")
        }
        let now = clock.now(), softClose = configuration.bidding.softClose
        return try catalogue.withDatabase { database throws(StoreError) in
            try LotLogSetup.prepare(key: key, softClose: softClose, now: now, replacesOthers: postgres == nil, on: database)
        }
    }

    /// Opens chat, notifications, the bidder, selling (appending to lot logs with `signer`) and image stores on `target`.
    private func openSideStores(_ target: StoreTarget, signer: LotLogSigner, into running: inout Running) throws(StoreError)
        -> (chat: ChatRelay, notifications: NotificationRelay, bidder: BidderStore, selling: SellingStore, images: ImageStore) {
        let chat = try ChatRelay(target: target, limits: configuration.chat, presence: postgres?.presenceWriter(log: log))
        running.parts.started("chat") { chat.close() }
        running.parts.started("chat's writes", stage: .writers) { chat.finishWrites() }
        let chatWriter = chat.writer
        running.queues.append(("chat_writer", { chatWriter.queued }))
        let notifications = try NotificationRelay(target: target, log: log)
        running.parts.started("notifications") { notifications.close() }
        let noticeWriter = notifications.writer
        running.queues.append(("notification_writer", { noticeWriter.queued }))
        let bidder = try BidderStore(target: target)
        running.parts.started("the bidder store") { bidder.close() }
        let selling = try SellingStore(target: target, signer: signer)
        running.parts.started("the selling store") { selling.close() }
        // Opened before the readers and decoders that write to it, so it closes after they stop.
        let images = try ImageStore(target: target)
        running.parts.started("the image store") { images.close() }
        return (chat, notifications, bidder, selling, images)
    }

    /// The book, counts, terms and keys read from the catalogue store, lots with impossible prices logged.
    private func restoreState(from catalogue: CatalogueStore) throws(ServerError) -> RestoredState {
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
        return restored
    }

    /// The live catalogue the HTTP reads answer from, with the lots moderators removed (and why).
    private func openLiveCatalogue(_ catalogue: CatalogueStore, restored: RestoredState, selling: SellingStore)
        throws(ServerError) -> (LiveCatalogue, removed: [ProductID: String]) {
        do throws(StoreError) {
            let removed = try selling.removedProducts()
            let live = LiveCatalogue(store: catalogue, products: restored.products, bidCounts: restored.bidCounts,
                                     sellers: try selling.sellerNames(),
                                     withdrawn: try selling.withdrawnProducts(), removed: removed,
                                     now: { [clock] in clock.now() })
            return (live, removed)
        } catch {
            throw .store(error)
        }
    }

    /// Starts the catalogue readers and the image decoders.
    ///
    /// Detail and image reads wait for the store's lock (an auction close may be writing), so they
    /// run on two threads of their own: neither the loop nor Swift's pool waits for disk.
    private func startReaders(into running: inout Running) -> (readers: BlockingWorkers, decoders: BlockingWorkers) {
        let readers = BlockingWorkers(name: "auction-catalog", threads: 2)
        running.parts.started("the catalogue readers") { readers.shutdown() }
        running.queues.append(("catalogue_readers", { readers.queued }))
        let decoders = Self.decodeWorkers(configuration.uploads)
        running.decoders = decoders
        running.parts.started("the decoders") { decoders.shutdown() }
        running.queues.append(("image_decoders", { decoders.queued }))
        return (readers, decoders)
    }

    /// The session resolver and the account routes the server's hooks give for the database at `path`.
    private func openAccounts(_ path: String, into running: inout Running) throws(ServerError) -> (any SessionResolver, HTTPRouter) {
        var router = HTTPRouter()
        let hooks = self.hooks
        running.parts.started("the accounts") { hooks.didStop() }
        do {
            let sessions = try hooks.makeSessionResolver(path)
            try hooks.installRoutes(&router, path)
            return (sessions, router)
        } catch {
            throw .setup("\(error)")
        }
    }

    /// Starts the event loop and the thread that records auction closes; at a stop, the notices the
    /// last commits and closings decided are posted once the loop has run what they handed it.
    private func startLoop(notifications: NotificationRelay, into running: inout Running) throws(ServerError) -> (EventLoop, closings: WorkerThread) {
        let loop: EventLoop
        do throws(SocketError) {
            loop = try EventLoop.spawn(name: "auction-server", clock: clock)
        } catch {
            throw .eventLoop(error)
        }
        running.loop = loop
        let closings = WorkerThread(name: "auction-closing")
        running.parts.started("the closings", stage: .writers) { closings.shutdown() }
        running.queues.append(("closings", { closings.queue.count }))
        running.parts.started("the notices", stage: .notices) {
            _ = loop.waitFor {}
            notifications.finishWrites()
        }
        return (loop, closings)
    }

    /// The bid path on the restored book, with the ending-soon notices sent, the withdrawn and removed
    /// lots, the sellers and the idempotency keys of the last day.
    private func makeBidPath(_ restored: RestoredState, removed: [ProductID: String], sequences: ProductSequences,
                             stores: OpenStores) throws(ServerError) -> BidPath {
        var book = restored.book
        stores.notifications.restoreEndingSoon(into: &book)
        if let withdrawn = try? stores.selling.withdrawnProducts() { book.restoreWithdrawn(withdrawn) }
        for id in removed.keys { book.adoptRemoval(id) }
        do throws(StoreError) {
            book.assignSellers(try stores.selling.sellerIDs())
        } catch {
            throw .store(error)
        }
        var bidPath = BidPath(book: book, sequences: sequences, termsVersions: restored.termsVersions,
                              settings: BidPath.Settings(configuration))
        bidPath.restoreKeys(restored.keyedBids)
        return bidPath
    }
}
