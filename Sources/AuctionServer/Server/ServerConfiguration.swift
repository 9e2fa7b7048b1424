import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// How the auction server listens, stores and limits; built once at the entry point.
public struct ServerConfiguration: Sendable, Hashable {
    /// Address to bind both listeners to.
    public var host: String = "127.0.0.1"
    /// HTTP catalogue port (0 picks a free port).
    public var httpPort: Int = 3100
    /// Socket service port (0 picks a free port).
    public var socketPort: Int = 3200
    /// The SQLite file; nil means the user's data directory (`StoreLocation`).
    public var databasePath: String?
    /// The shared PostgreSQL store (`--store`) for several nodes; nil means SQLite (`databasePath`).
    public var store: PostgresConnectionString?
    /// The lot log's signing key (`--log-key`, PEM); nil: `log-key.pem` beside the SQLite file, or in
    /// the data directory with PostgreSQL. Created at first start when missing.
    public var logKeyPath: String?
    /// Simulated bidders (`--simulate`); nil for none.
    public var simulation: SimulationSetting?
    /// The least severe log level written.
    public var logLevel: LogLevel = .info
    /// How the binary's log lines are written: `text` or one JSON object a line (`log_format`).
    public var logFormat: LogFormat = .text
    /// Accept bids from connections that did not log in (the original backend's behaviour; unsafe).
    public var allowAnonymousBids = false
    /// Seed the demo catalogue into an empty database on start.
    public var seedDemoCatalogue = true
    /// Per-connection and per-server limits of the socket service.
    public var limits = SocketLimits()
    /// HTTP limits and timeouts per connection (request sizes, 408 deadline, idle time).
    public var httpSession = HTTPServerSession.Configuration()
    /// Most HTTP connections open at once; more are answered 503.
    public var httpMaximumConnections = 10_000
    /// Chat sizes, rates and history replayed on join.
    public var chat = ChatLimits()
    /// Accounts: session lifetime, login and registration limits (docs/ACCOUNTS.md).
    public var accounts = AccountService.Configuration()
    /// Similar log lines written per 10 s before the rest are counted and summarised (the binary's log).
    public var logRepeats = LogRepeatFilter.Configuration()
    /// The highest price a bid may offer and the largest raise over the current price (`max_price`, `max_raise`).
    public var priceLimits = PriceLimits()
    /// Most HTTP connections open at once from one client address; more are answered 503.
    public var httpMaximumConnectionsPerAddress = 128
    /// File descriptors kept free for the database and the process itself: both listeners refuse
    /// clients rather than use them, and the default socket connection limit leaves them out.
    public var descriptorReserve = 256
    /// Soft close defaults and idempotency-key bounds (`extend_window`, `extend_by`, `max_extensions`, …).
    public var bidding = BiddingSettings()
    /// What one catalogue query may cost: its row budget and the per-address query rate.
    public var query = CatalogueQueryLimits()
    /// Image uploads (`POST /images`) one user may make an hour; more are answered 429 `too_many_uploads`.
    public var imageUploadsPerHour = 120
    /// Per-user upload bytes, lots an hour, open lots and image storage; body bytes in flight; the decode queue (issue 19).
    public var uploads = UploadLimits()
    /// How the node talks to the PostgreSQL store: pool size, how long it may take (connect, statement,
    /// unacknowledged TCP) before it counts as unavailable and bids are refused `unavailable`
    /// (`store_timeout`), keepalives and the reconnect backoff (`store_*`).
    public var postgres = PostgresOptions()
    /// How long the ledger's writer may go without committing (a commit waiting on the write lock, or
    /// commits failing) before `/health/ready` answers 503 `store_busy` or `store_unreachable`.
    public var ledgerStallMilliseconds: Int64 = 2_000
    /// TLS on both listeners and the plaintext listeners beside them (`--tls-cert`, `--plain-socket-port`, …).
    public var transport = TransportSecurity()
    /// The longest a drain (SIGTERM) waits for socket clients told to reconnect elsewhere before it
    /// closes what is left (`drain_seconds`; 0: close at once).
    public var drainSeconds = 10
    /// The Prometheus metrics listener's port (`metrics_port`; 0 picks a free port); nil: no metrics (the default).
    public var metricsPort: Int?
    /// The address the metrics listener binds (`metrics_host`): loopback unless set; it is unauthenticated.
    public var metricsHost = "127.0.0.1"

    /// The defaults: loopback, the original backend's local ports, the default database.
    public init() {}

    /// A configuration for embedding (tests, `auction demo`): free loopback ports, this database file.
    public static func ephemeral(databasePath: String) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.httpPort = 0
        configuration.socketPort = 0
        configuration.databasePath = databasePath
        return configuration
    }
}

/// What `--simulate[=RATE]` asked for.
public enum SimulationSetting: Sendable, Hashable, CustomStringConvertible {
    /// The original backend's demo feed: 1–4 of the first ten products raised every second.
    case demoFeed
    /// This many bids per second over the whole catalogue.
    case steady(bidsPerSecond: Int)

    /// The engine's configuration for it.
    public var simulationConfiguration: BidderSimulation.Configuration {
        switch self {
        case .demoFeed: .demoFeed
        case .steady(let rate): .steady(bidsPerSecond: rate)
        }
    }

    /// How the setting is written on the command line (`demo` or a rate).
    public var description: String {
        switch self {
        case .demoFeed: "demo"
        case .steady(let rate): String(rate)
        }
    }
}

/// Limits of the socket service: bounded memory per client, bounded work per client.
public struct SocketLimits: Sendable, Hashable {
    /// A frame larger than this is fatal for its connection (`frame_too_large`).
    public var maximumFrameBytes = 65_536
    /// More malformed frames than this from one connection disconnect it.
    public var maximumMalformedFrames = 16
    /// Output bytes (socket buffer + queue) above which pushes coalesce.
    public var outputSoftLimit = 256 * 1024
    /// Output bytes above which a client that does not read is disconnected.
    public var outputHardLimit = 4 * 1024 * 1024
    /// Bids a connection may place per second (a burst of this many is allowed).
    public var bidsPerSecond = 100
    /// Most socket connections open at once; more are refused. Nil: the open-file limit less the
    /// server's descriptor reserve.
    public var maximumConnections: Int?
    /// Subscriptions one connection may hold.
    public var maximumSubscriptions = 1_024
    /// The largest `send` to a connection that did not say hello (the original app reads 4,096 bytes at
    /// a time and loses a frame cut between two reads); each such send also ends at a frame's end.
    public var originalClientSendBytes = 4_096
    /// A connection that holds output and whose socket accepted no byte for this long is dropped.
    public var writeDeadlineMilliseconds: Int64 = 30_000
    /// The kernel send buffer of each connection (`SO_SNDBUF`; Linux doubles it), so a client that
    /// does not read pins little kernel memory.
    public var sendBufferBytes = 65_536

    /// The defaults.
    public init() {}
}
