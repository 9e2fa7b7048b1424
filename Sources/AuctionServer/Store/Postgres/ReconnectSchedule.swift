import AuctionInfrastructure

/// When a lost PostgreSQL connection may be opened again: the options' backoff (exponential, capped,
/// jittered) on the caller's clock. A value: every reconnect loop of a node keeps one and asks it.
struct ReconnectSchedule: Sendable {
    private var backoff: ReconnectBackoff
    private var random: SplitMix64
    /// The monotonic millisecond before which no attempt is made (0: at once).
    private(set) var retryAt: Int64 = 0

    /// A schedule under `backoff`; `seed` picks its jitter (random by default, so nodes differ).
    init(_ backoff: ReconnectBackoff, seed: UInt64 = UInt64.random(in: .min ... .max)) {
        self.backoff = backoff
        self.backoff.reset()
        random = SplitMix64(seed: seed)
    }

    /// Failed attempts since the last success.
    var failures: Int { backoff.attempts }

    /// Whether an attempt may be made at monotonic millisecond `now`.
    func isDue(at now: Int64) -> Bool { now >= retryAt }

    /// Notes an attempt that failed at `now`; returns the pause before the next (milliseconds).
    @discardableResult
    mutating func failed(at now: Int64) -> Int64 {
        let pause = backoff.nextDelay(using: &random)
        retryAt = now &+ pause
        return pause
    }

    /// Notes a connection that opened: the next failure starts from the first pause again.
    mutating func succeeded() {
        backoff.reset()
        retryAt = 0
    }
}
