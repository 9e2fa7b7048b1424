import AuctionCore

/// The server's bidding rules that a setting can change: soft close (anti-sniping) defaults, which a
/// product's own `extend_window_ms`/`extend_by_ms`/`max_extensions` override, and the bounds of the
/// idempotency keys remembered for retries (docs/SERVER.md).
public struct BiddingSettings: Sendable, Hashable {
    /// A bid accepted this close to the end moves the end (`extend_window`); 0 turns soft close off.
    public var extendWindowMilliseconds: Int64 = 60_000
    /// How far past the accepting bid the end moves (`extend_by`); 0 turns soft close off.
    public var extendByMilliseconds: Int64 = 120_000
    /// How many times one auction's end may move (`max_extensions`); nil: no limit; 0: never.
    public var maximumExtensions: Int?
    /// How long a bid's idempotency key returns its first outcome (24 h).
    public var idempotencyLifetimeMilliseconds: Int64 = 86_400_000
    /// Idempotency keys remembered per user; the oldest is forgotten first (`idempotency_keys_per_user`).
    public var idempotencyKeysPerUser = 1_000
    /// Idempotency keys remembered in all; the oldest is forgotten first (`idempotency_keys`).
    public var idempotencyKeysInAll = 100_000

    /// The defaults: extend by 2 minutes when a bid comes in the last minute, as often as bids come.
    public init() {}

    /// Whether bids near the end move it at all.
    public var softCloses: Bool {
        extendWindowMilliseconds > 0 && extendByMilliseconds > 0 && maximumExtensions != 0
    }
}
