/// Delays between reconnect attempts: exponential, capped, with random jitter (a value; no I/O).
public struct ReconnectBackoff: Hashable, Sendable {
    /// The delay before the first retry, in milliseconds.
    public var initialMilliseconds: Int64
    /// The cap on the delay, in milliseconds.
    public var maximumMilliseconds: Int64
    /// The fraction of each delay that is random (0: none, 1: anywhere from 0 to the delay).
    public var jitter: Double
    /// How many attempts have failed since the last success.
    public private(set) var attempts = 0

    /// Creates a backoff policy.
    public init(initialMilliseconds: Int64 = 250, maximumMilliseconds: Int64 = 10_000, jitter: Double = 0.5) {
        self.initialMilliseconds = max(1, initialMilliseconds)
        self.maximumMilliseconds = max(self.initialMilliseconds, maximumMilliseconds)
        self.jitter = min(1, max(0, jitter))
    }

    /// The delay before the next attempt; each call doubles the base delay up to the cap.
    public mutating func nextDelay<R: RandomNumberGenerator>(using random: inout R) -> Int64 {
        let shift = min(attempts, 40)
        attempts += 1
        let (scaled, overflow) = initialMilliseconds.multipliedReportingOverflow(by: Int64(1) << shift)
        let base = overflow ? maximumMilliseconds : min(scaled, maximumMilliseconds)
        let spread = Int64(Double(base) * jitter)
        guard spread > 0 else { return base }
        return base - Int64.random(in: 0...spread, using: &random)
    }

    /// The delay before the next attempt, with the system's random numbers.
    public mutating func nextDelay() -> Int64 {
        var random = SystemRandomNumberGenerator()
        return nextDelay(using: &random)
    }

    /// Starts over after a successful connection.
    public mutating func reset() { attempts = 0 }
}
