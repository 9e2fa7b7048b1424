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
    /// What other parts plug in at start (the session resolver, HTTP routes).
    let hooks: ServerHooks
    let clock: any TimeSource
    let state = Mutex(Running())
    /// With `--store`: the node's one PostgreSQL client (the pool its stores borrow from, and the
    /// connections its ledger, listener, presence writer and closing duty keep for themselves).
    let postgres: PostgresClient?

    /// What `start` built: the one list of started parts `stop` takes apart (`StartedParts`), and the
    /// few the server's accessors read. Not `Sendable`: it lives in `state` (a `Mutex`); the socket
    /// service inside is bound to the loop.
    struct Running {
        var started = false
        var stopped = false
        var databasePath: String?
        var addresses: ServerAddresses?
        var loop: EventLoop?
        var service: LoopBound<SocketService>?
        /// With TLS: the certificate in force (SIGHUP reloads it).
        var certificates: ServerCertificates?
        /// The ports bound before the stores opened, until their listeners take them.
        var ports = BoundPorts()
        var ledger: (any CountingBidLedger)?
        /// With `--store`: the listener bringing other nodes' bids and closes (`Cluster/`).
        var cluster: ClusterListener?
        /// Where upload bodies are parsed and images decoded (tests hold its thread to fill its queue).
        var decoders: BlockingWorkers?
        /// The work queues `GET /metrics` reports, noted as their threads start.
        var queues: [(name: String, depth: @Sendable () -> Int)] = []
        /// Everything started so far, stopped stage by stage (`tearDown`).
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
        // One client, so one link policy and one backoff, for every connection this node opens to the shared store.
        let client = configuration.store.map { PostgresClient(store: $0, options: configuration.postgres, clock: clock) }
        configuration.store = client?.store
        postgres = client
        self.configuration = configuration
        self.log = log
        self.hooks = hooks ?? AccountsHooks(log: log, configuration: configuration.accounts, clock: clock, store: client?.store,
                                            pool: client?.pool).hooks
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
}
