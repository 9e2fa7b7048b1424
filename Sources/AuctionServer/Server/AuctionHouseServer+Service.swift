import AuctionBidding
import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Opening, continued: the socket service with its hooks, the cluster feed and the timers.
extension AuctionHouseServer {
    /// Builds the socket service on `bidPath`, telling `hooks`, with the parts the server has, and hands it to
    /// the loop; the service itself is used off the loop only to listen, before any connection.
    func startSocketService(_ bidPath: BidPath, hooks: SocketService.Hooks, stores: OpenStores, sessions: any SessionResolver, live: LiveCatalogue,
                            readers: BlockingWorkers, metrics: ServerMetrics?, queryRate: QueryRate, loop: EventLoop,
                            into running: inout Running) -> (SocketService, bound: LoopBound<SocketService>) {
        var parts = SocketService.Parts()
        parts.chat = stores.chat
        parts.notifications = stores.notifications
        parts.queryPages = live.pageRunner(clock: clock, rowBudget: configuration.query.rowBudget, offload: { readers.submit($0) })
        parts.queryRate = queryRate
        parts.metrics = metrics
        // Session lookups and chat history wait on the store off the loop, on threads of their own (a
        // locked `sessions` table must not stall the catalogue readers either).
        let lookups = BlockingWorkers(name: "auction-lookup", threads: 2)
        running.parts.started("the store lookups") { lookups.shutdown() }
        parts.lookupWorkers = lookups
        let service = SocketService(loop: loop, configuration: configuration, bidPath: bidPath, ledger: stores.ledger.seam,
                                    sessions: sessions, log: log, hooks: hooks, parts: parts)
        // Built whole here, before `listen`; from then on used only on the loop, reached through `bound`.
        let bound = LoopBound(handingOver: service, to: loop)
        running.service = bound
        return (service, bound)
    }

    /// What the socket service tells the live catalogue: prices, lot changes and closings (recorded
    /// off the loop, then announced).
    func serviceHooks(live: LiveCatalogue, catalogue: CatalogueStore, closings: WorkerThread, duty: PostgresClosingDuty?,
                      signer: LotLogSigner?, loop: EventLoop) -> SocketService.Hooks {
        let clock = self.clock
        var hooks = SocketService.Hooks()
        hooks.onPriceChange = { live.apply($0) }
        hooks.onLotChange = { lot, added in
            live.apply(lot.productID, added: added, endsAt: lot.endsAt, extensions: lot.extensions,
                       reserveMet: lot.reserveMet, buyNowPrice: lot.buyNowPrice)
        }
        hooks.onClosings = { [log] service, ended in
            // Closed in the catalogue at once (the winner's name may follow once the close is recorded).
            for closing in ended {
                live.close(closing.productID, winner: closing.winner.flatMap { service.sessions.name(of: $0) }, status: closing.status)
            }
            let bound = LoopBound(service, on: loop)
            Self.record(ended, catalogue: catalogue, duty: duty, signer: signer, clock: clock, log: log, queue: closings) { ready in
                loop.execute {
                    for (closing, name) in ready {
                        live.close(closing.productID, winner: name ?? closing.winner.flatMap { bound.value.sessions.name(of: $0) },
                                   status: closing.status)
                        bound.value.announce(closing, winnerName: name)
                    }
                }
            }
        }
        return hooks
    }

    /// Starts the cluster listener on a shared store (nothing on a SQLite file); readiness then waits for it.
    func startClusterFeed(service: LoopBound<SocketService>, live: LiveCatalogue, sequences: ProductSequences,
                          adoption: LotAdoption?, chat: ChatRelay, loop: EventLoop, into running: inout Running) {
        guard let postgres else { return }
        let cluster = Self.startCluster(listening: postgres.listenerConfiguration, loop: loop, service: service, live: live, sequences: sequences,
                                        adoption: adoption, chatRooms: chat.rooms, presence: chat.presence, log: log)
        running.cluster = cluster
        running.parts.started("the cluster listener", stage: .feeds) { cluster.stop() }
        readiness.checkStore { cluster.statistics.listening }
    }

    /// Starts the auction-closing timer, the simulated bidders (with the demo's proxy bidders) and the
    /// ending-soon checks on the loop.
    func startTimers(_ service: LoopBound<SocketService>, catalogue: CatalogueStore, loop: EventLoop) {
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
        loop.execute { service.value.startTimers(simulation: simulation, proxyBidders: simulatedProxies) }
        loop.execute { service.value.checkEndingSoon() }
        if let simulation { log.info("simulation: \(simulation == .demoFeed ? "the original demo feed" : "\(simulation) bids/s")") }
    }

    /// Records ended auctions off the loop (a durable write, with each lot's `closed` log entry when
    /// `signer` is given: the duty's own on PostgreSQL), then announces them on the loop.
    static func record(_ ended: [AuctionClosing], catalogue: CatalogueStore, duty: PostgresClosingDuty?, signer: LotLogSigner?,
                       clock: any TimeSource, log: ServerLog, queue: WorkerThread,
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
                        closedAt: closing.endedAt), signer: signer, now: clock.now())
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
