import AuctionInfrastructure

/// A node's one PostgreSQL client: built from one `PostgresOptions`, it owns the pool the stores and
/// ledger reads share, and makes each connection a part keeps for itself (the ledger's writer, the
/// cluster listener, the chat presence writer, the closing duty), all under the same link policy
/// and reconnecting by the same backoff (each with jitter of its own) on the server's clock.
///
/// `Sendable`: its fields are immutable; the pool guards its own state.
public final class PostgresClient: Sendable {
    /// The options every connection follows.
    public let options: PostgresOptions
    /// The store, with the options' link policy (every opener uses `store.open()`).
    public let store: PostgresConnectionString
    /// The connections the node's stores and the ledger's reads borrow (`options.poolSize`).
    public let pool: PostgresPool
    /// The server's clock: reconnect pauses are measured on it.
    let clock: any TimeSource

    /// A client for `store` under `options`, on `clock`; nothing is opened until a part needs it.
    public init(store: PostgresConnectionString, options: PostgresOptions = PostgresOptions(), clock: any TimeSource = SystemClock()) {
        var linked = store
        linked.link = options.link
        self.store = linked
        self.options = options
        self.clock = clock
        pool = PostgresPool(store: linked, size: options.poolSize, reconnect: options.reconnect, clock: clock)
    }

    /// The bid ledger: its writer on a connection of its own, its reads from the pool.
    public func ledger(keyLifetimeMilliseconds: Int64 = 86_400_000, signer: LotLogSigner? = nil) throws(StoreError) -> PostgresBidLedger {
        try PostgresBidLedger(client: self, keyLifetimeMilliseconds: keyLifetimeMilliseconds, signer: signer)
    }

    /// The closing duty, on a connection of its own (its session lock), tried every `retryMilliseconds`.
    public func closingDuty(retryMilliseconds: Int64 = 1_000, signer: LotLogSigner? = nil) -> PostgresClosingDuty {
        PostgresClosingDuty(client: self, retryMilliseconds: retryMilliseconds, signer: signer)
    }

    /// Where and how the cluster listener connects.
    var listenerConfiguration: ClusterListener.Configuration {
        ClusterListener.Configuration(store: store, reconnect: options.reconnect)
    }

    /// The chat presence writer, on a connection of its own whose backend stands for this node.
    func presenceWriter(log: ServerLog) -> ChatPresenceWriter {
        ChatPresenceWriter(client: self, log: log)
    }

    /// Closes the pool (idle connections now, lent ones as they come back); each part closes its own.
    public func close() { pool.close() }
}
