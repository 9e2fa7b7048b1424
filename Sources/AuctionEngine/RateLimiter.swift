import AuctionCore

/// Token buckets keyed by anything hashable (a connection, a user name, an address), on an injected clock.
///
/// Each key has a bucket of `capacity` tokens that refills evenly at `capacity` per `period`;
/// integer arithmetic, so there is no drift. Bids: `take` one token per bid. Failed logins: check
/// `allows` before trying, `take` after a failure, so good logins cost nothing.
public struct RateLimiter<Key: Hashable & Sendable>: Sendable {
    /// The bucket size and refill rate.
    public struct Configuration: Sendable, Hashable {
        /// Tokens a full bucket holds (the burst allowed).
        public var capacity: Int
        /// Milliseconds in which an empty bucket refills completely.
        public var periodMilliseconds: Int64
        /// Keys tracked at most; past it full buckets are forgotten, then arbitrary ones down to half.
        public var maximumKeys: Int

        /// A bucket of `capacity` refilled every `periodMilliseconds`.
        public init(capacity: Int, periodMilliseconds: Int64, maximumKeys: Int = 100_000) {
            self.capacity = max(1, capacity)
            self.periodMilliseconds = max(1, periodMilliseconds)
            self.maximumKeys = max(1, maximumKeys)
        }

        /// `count` a second (e.g. bids per connection).
        public static func perSecond(_ count: Int) -> Configuration {
            Configuration(capacity: count, periodMilliseconds: 1_000)
        }

        /// `count` a minute (e.g. failed logins per user name or address).
        public static func perMinute(_ count: Int) -> Configuration {
            Configuration(capacity: count, periodMilliseconds: 60_000)
        }

        /// `count` an hour (e.g. registrations per network).
        public static func perHour(_ count: Int) -> Configuration {
            Configuration(capacity: count, periodMilliseconds: 3_600_000)
        }
    }

    /// A bucket's level in units where one token is `periodMilliseconds` units and a millisecond
    /// refills `capacity` units.
    private struct Bucket: Sendable {
        var level: Int64
        var updatedAt: Int64
    }

    /// The rate in force.
    public let configuration: Configuration
    private var buckets: [Key: Bucket] = [:]

    /// Empty buckets for no one yet (every key starts full).
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Keys with a bucket that is not full.
    public var trackedKeys: Int { buckets.count }

    private var tokenUnits: Int64 { configuration.periodMilliseconds }
    private var fullUnits: Int64 { Int64(configuration.capacity) * configuration.periodMilliseconds }

    /// Whether a token is available for the key now (takes nothing).
    public func allows(_ key: Key, now: Timestamp) -> Bool {
        level(of: key, now: now) >= tokenUnits
    }

    /// Takes a token if one is available; false (and nothing taken) when the key is limited.
    public mutating func take(_ key: Key, now: Timestamp) -> Bool {
        let current = level(of: key, now: now)
        guard current >= tokenUnits else { return false }
        if buckets[key] == nil && buckets.count >= configuration.maximumKeys { makeRoom(now: now) }
        buckets[key] = Bucket(level: current - tokenUnits, updatedAt: now.millisecondsSinceEpoch)
        return true
    }

    /// Takes `count` tokens if that many are available; false (and nothing taken) otherwise.
    public mutating func take(_ key: Key, count: Int, now: Timestamp) -> Bool {
        let current = level(of: key, now: now)
        let (units, overflow) = tokenUnits.multipliedReportingOverflow(by: Int64(max(0, count)))
        guard !overflow, current >= units else { return false }
        if buckets[key] == nil && buckets.count >= configuration.maximumKeys { makeRoom(now: now) }
        buckets[key] = Bucket(level: current - units, updatedAt: now.millisecondsSinceEpoch)
        return true
    }

    /// Tokens available for the key now.
    public func available(_ key: Key, now: Timestamp) -> Int {
        Int(level(of: key, now: now) / tokenUnits)
    }

    /// Milliseconds until the key has a token again (0 when it has one now).
    public func retryAfterMilliseconds(_ key: Key, now: Timestamp) -> Int64 {
        let missing = tokenUnits - level(of: key, now: now)
        guard missing > 0 else { return 0 }
        let perMillisecond = Int64(configuration.capacity)
        return (missing + perMillisecond - 1) / perMillisecond
    }

    /// Forgets a key (e.g. a closed connection); it starts full next time.
    public mutating func forget(_ key: Key) {
        buckets[key] = nil
    }

    /// Forgets every key whose bucket has refilled (they behave exactly as unknown keys).
    public mutating func prune(now: Timestamp) {
        let full = fullUnits
        buckets = buckets.filter { key, _ in level(of: key, now: now) < full }
    }

    /// Prunes full buckets, then, if still over half the limit, keeps only the half with the
    /// fewest tokens: memory stays bounded, a flood of new keys costs amortised O(log n) each, and
    /// the most limited keys stay limited. A forgotten key starts full again: the price of bounded
    /// memory, paid only under such a flood.
    private mutating func makeRoom(now: Timestamp) {
        prune(now: now)
        let keep = configuration.maximumKeys / 2
        guard buckets.count > keep else { return }
        let emptiest = buckets.keys
            .map { (key: $0, level: level(of: $0, now: now)) }
            .sorted { $0.level < $1.level }
            .prefix(keep)
        var kept: [Key: Bucket] = [:]
        kept.reserveCapacity(configuration.maximumKeys)
        for entry in emptiest { kept[entry.key] = buckets[entry.key] }
        buckets = kept
    }

    private func level(of key: Key, now: Timestamp) -> Int64 {
        guard let bucket = buckets[key] else { return fullUnits }
        let elapsed = max(0, now.millisecondsSinceEpoch - bucket.updatedAt)
        let full = fullUnits
        // Saturate before multiplying so a long idle time cannot overflow.
        if elapsed >= configuration.periodMilliseconds { return full }
        return min(full, bucket.level + elapsed * Int64(configuration.capacity))
    }
}
