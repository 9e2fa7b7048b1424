import AuctionCore
import Glibc

extension AccountService {
    /// Session lifetime, login limits and cache size.
    public struct Configuration: Sendable, Hashable {
        /// How long a session token stays valid (default 30 days).
        public var sessionLifetimeMilliseconds: Int64
        /// Failed logins allowed per user name (default 5 a minute).
        public var failedLoginsPerName: RateLimiter<String>.Configuration
        /// Failed logins allowed per client address (default 5 a minute).
        public var failedLoginsPerAddress: RateLimiter<String>.Configuration
        /// Resolved tokens kept in memory at most (0 disables the cache).
        public var tokenCacheSize: Int

        /// Creates a configuration; the defaults are those documented in docs/ACCOUNTS.md.
        public init(sessionLifetimeMilliseconds: Int64 = 30 * 86_400_000,
                    failedLoginsPerName: RateLimiter<String>.Configuration = .perMinute(5),
                    failedLoginsPerAddress: RateLimiter<String>.Configuration = .perMinute(5),
                    tokenCacheSize: Int = 10_000) {
            self.sessionLifetimeMilliseconds = max(1, sessionLifetimeMilliseconds)
            self.failedLoginsPerName = failedLoginsPerName
            self.failedLoginsPerAddress = failedLoginsPerAddress
            self.tokenCacheSize = max(0, tokenCacheSize)
        }
    }

    /// The wall clock (`clock_gettime(CLOCK_REALTIME)`) as a timestamp.
    public static let systemClock: @Sendable () -> Timestamp = {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(millisecondsSinceEpoch: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }
}
