import AuctionCore
import AuctionEngine
import Synchronization

/// What one catalogue query may cost (docs/SECURITY.md): the rows a page's index walk may visit and
/// how many queries one client address may ask a second.
public struct CatalogueQueryLimits: Sendable, Hashable {
    /// Rows one index walk of a page may visit (`query_row_budget`); past it the page ends early with a cursor.
    public var rowBudget = CatalogueStore.queryRowBudget
    /// Catalogue queries one client address may make a second, `GET /products/query` and socket request 13
    /// together, as a burst that refills evenly (`queries_per_address`); more are answered 429 `rate_limited`
    /// with Retry-After (socket: `rate_limited` with `retry_after_ms`).
    public var queriesPerAddressPerSecond = 20

    /// The defaults.
    public init() {}
}

/// The per-address query rate of `GET /products/query` and socket request 13: one token bucket per client
/// address on the server's clock, shared by both paths (a client cannot double its rate by using both).
final class QueryRate: Sendable {
    private let limiter: Mutex<RateLimiter<String>>
    private let now: @Sendable () -> Timestamp

    /// A rate of `perSecond` queries per address, timed by `now`.
    init(perSecond: Int, now: @escaping @Sendable () -> Timestamp) {
        limiter = Mutex(RateLimiter(configuration: .perSecond(max(1, perSecond))))
        self.now = now
    }

    /// Takes a query from `address`'s bucket; nil to go ahead, else the milliseconds to wait.
    func take(_ address: String?) -> Int64? {
        guard let address else { return nil }
        let now = self.now()
        return limiter.withLock { limiter -> Int64? in
            if limiter.take(address, now: now) { return nil }
            return max(1, limiter.retryAfterMilliseconds(address, now: now))
        }
    }
}
