import AuctionInfrastructure

/// How a node talks to its PostgreSQL store, in one place (`ServerConfiguration.postgres`): the pool's
/// size, the answer timeout, the TCP keepalives and the reconnect backoff every connection shares.
public struct PostgresOptions: Sendable, Hashable {
    /// Connections the node's stores and ledger reads share (`store_pool_size`); the ledger's writer,
    /// the cluster listener, the closing duty and the presence writer each hold one more of their own.
    public var poolSize = 2
    /// How long the store may take to connect or answer before it counts as unavailable (`store_timeout`).
    public var timeoutMilliseconds: Int64 = 5_000
    /// Seconds of silence before a keepalive probe, and between probes (`store_keepalive`; nil: a third of the timeout).
    public var keepaliveSeconds: Int?
    /// Unanswered probes before the link counts as dead.
    public var keepaliveProbes = 3
    /// The pause before each reconnect: doubling from 100 ms to 5 s, up to half of it random
    /// (`store_retry_first_ms`, `store_retry_max_ms`, `store_retry_jitter`), so nodes that lost the
    /// same server come back spread out rather than in lockstep.
    public var reconnect = ReconnectBackoff(initialMilliseconds: 100, maximumMilliseconds: 5_000, jitter: 0.5)

    /// The defaults above.
    public init() {}

    /// The link policy every connection is opened under (timeouts and keepalives).
    public var link: PostgresLinkPolicy {
        PostgresLinkPolicy(timeoutMilliseconds: timeoutMilliseconds, keepaliveSeconds: keepaliveSeconds, keepaliveProbes: keepaliveProbes)
    }

    /// A fresh reconnect schedule under `reconnect`, with jitter of its own.
    func reconnectSchedule() -> ReconnectSchedule { ReconnectSchedule(reconnect) }
}
