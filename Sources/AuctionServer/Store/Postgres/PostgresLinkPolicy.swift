/// How every PostgreSQL connection a node opens behaves, from its `PostgresOptions`: the stores,
/// the bid ledger, the closing duty, the cluster listener and the presence writer alike.
///
/// The server's `statement_timeout` answers first when it hears the statement; a link gone silent
/// (a partition, a hung host) answers nothing while TCP keeps accepting bytes, so each connection
/// also has libpq keepalives, a TCP user timeout and our own answer deadline a second later.
public struct PostgresLinkPolicy: Sendable, Hashable {
    /// How long the store may take to connect or answer (milliseconds, at least 100).
    public let timeoutMilliseconds: Int64
    /// Seconds of silence before a keepalive probe and between probes (at least 1).
    public let keepaliveSeconds: Int
    /// Unanswered probes before the kernel drops the link (at least 1).
    public let keepaliveProbes: Int

    /// A policy with `timeoutMilliseconds` (the server passes `store_timeout`; 5 s by default) and
    /// keepalives every `keepaliveSeconds` (nil: a third of the timeout), `keepaliveProbes` of them.
    public init(timeoutMilliseconds: Int64 = 5_000, keepaliveSeconds: Int? = nil, keepaliveProbes: Int = 3) {
        self.timeoutMilliseconds = max(100, timeoutMilliseconds)
        self.keepaliveSeconds = max(1, keepaliveSeconds ?? Int(self.timeoutMilliseconds / 3_000))
        self.keepaliveProbes = max(1, keepaliveProbes)
    }

    /// How long the server keeps a session that went quiet inside a transaction (holding its locks):
    /// four timeouts, at least 10 s, so a node merely slowed down between two statements of a
    /// transaction (a loaded machine) is not cut off, and a partitioned one is within seconds.
    var idleInTransactionMilliseconds: Int64 { max(10_000, timeoutMilliseconds &* 4) }

    /// libpq's `connect_timeout`, in whole seconds (its unit), rounded up.
    var connectTimeoutSeconds: Int { Int((timeoutMilliseconds + 999) / 1_000) }

    /// Our own deadline for an answer: a second past the server's `statement_timeout`.
    var answerTimeoutMilliseconds: Int32 { Int32(clamping: timeoutMilliseconds &+ 1_000) }

    /// The libpq `key='value'` string for `store` with keepalives (idle and interval `keepaliveSeconds`,
    /// `keepaliveProbes` probes) and the TCP user timeout, unless the store's string sets them itself.
    func conninfo(_ store: PostgresConnectionString) -> String {
        let seconds = String(keepaliveSeconds)
        return store.conninfo(adding: [
            ("keepalives", "1"), ("keepalives_idle", seconds), ("keepalives_interval", seconds),
            ("keepalives_count", String(keepaliveProbes)), ("tcp_user_timeout", String(timeoutMilliseconds)),
        ])
    }

    /// Opens a connection to `store` under this policy (`statement_timeout` and
    /// `idle_in_transaction_session_timeout` set; off with `statementTimeout: false`, for a schema
    /// migration whose index builds may run long).
    public func open(_ store: PostgresConnectionString, statementTimeout: Bool = true) throws(StoreError) -> PostgresConnection {
        let connection = try PostgresConnection(conninfo(store), connectTimeoutSeconds: connectTimeoutSeconds)
        guard statementTimeout else { return connection }
        connection.answerTimeoutMilliseconds = answerTimeoutMilliseconds
        try connection.execute("SET statement_timeout = \(timeoutMilliseconds)")
        // A node cut off in the middle of a transaction leaves it open on the server, its row locks
        // held (a silent link never closes): the server ends such a session after a while, so the
        // other nodes can decide bids on those lots again.
        try connection.execute("SET idle_in_transaction_session_timeout = \(idleInTransactionMilliseconds)")
        return connection
    }
}
