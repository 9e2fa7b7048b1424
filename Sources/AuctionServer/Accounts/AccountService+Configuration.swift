import AuctionCore
import AuctionEngine
import Glibc

extension AccountService {
    /// Session lifetime, login and registration limits, cache and revocation table sizes.
    public struct Configuration: Sendable, Hashable {
        /// How long a session token stays valid (default 30 days).
        public var sessionLifetimeMilliseconds: Int64
        /// Failed logins of one name, from all addresses, before attempts from networks the name has
        /// not logged in from wait a growing delay (default 20, leaking away over an hour).
        public var failedLoginsPerName: RateLimiter<String>.Configuration
        /// Failed logins allowed per exact client address, whatever the name (default 5 a minute).
        public var failedLoginsPerAddress: RateLimiter<String>.Configuration
        /// Failed logins allowed per client network, /24 or /64 (default 20 a minute).
        public var failedLoginsPerNetwork: RateLimiter<String>.Configuration
        /// Failed logins allowed per name from one address (default 5 a minute).
        public var failedLoginsPerNameAndAddress: RateLimiter<String>.Configuration
        /// The longest delay a name past its ceiling imposes on unknown networks (default 5 minutes).
        public var maximumLoginDelayMilliseconds: Int64
        /// Registrations allowed per client network, /24 or /64 (default 20 an hour).
        public var registrationsPerNetwork: RateLimiter<String>.Configuration
        /// Resolved tokens kept in memory at most (0 disables the cache).
        public var tokenCacheSize: Int
        /// Revoked sessions remembered in memory for live connections (default 100,000; past it
        /// connections are re-checked once against the store).
        public var revokedSessionsKept: Int
        /// On a store several servers share (PostgreSQL), how long a token resolved from the store, or a live
        /// connection's session, is trusted before it is read again, so a logout on another node takes effect
        /// here within this time; nil (SQLite, one server) trusts it until it expires or is revoked here.
        public var sessionRecheckMilliseconds: Int64? = nil
        /// Live sessions one user may hold (`sessions_per_user`, default 10): a login past it revokes the
        /// oldest, on live connections too, as a logout does.
        public var sessionsPerUser = 10
        /// Successful logins of one name, from any address (`logins_per_user`, default 30 a minute); past
        /// it a login of that name is refused `rate_limited` before its password is hashed.
        public var loginsPerName: RateLimiter<String>.Configuration = .perMinute(30)
        /// Users who are moderators while the config file's `moderators` lists them, besides those granted the
        /// role in the store (`auction-server admin grant`).
        public var moderators: Set<String> = []
        /// Moderation requests one user may make a minute (every `/moderation/*` route, default 60).
        public var moderationRequestsPerMinute = ModeratorCheck.defaultRequestsPerMinute

        /// Creates a configuration; the defaults are those documented in docs/ACCOUNTS.md.
        public init(sessionLifetimeMilliseconds: Int64 = 30 * 86_400_000,
                    failedLoginsPerName: RateLimiter<String>.Configuration = .perHour(20),
                    failedLoginsPerAddress: RateLimiter<String>.Configuration = .perMinute(5),
                    failedLoginsPerNetwork: RateLimiter<String>.Configuration = .perMinute(20),
                    failedLoginsPerNameAndAddress: RateLimiter<String>.Configuration = .perMinute(5),
                    maximumLoginDelayMilliseconds: Int64 = 300_000,
                    registrationsPerNetwork: RateLimiter<String>.Configuration = .perHour(20),
                    tokenCacheSize: Int = 10_000,
                    revokedSessionsKept: Int = 100_000) {
            self.sessionLifetimeMilliseconds = max(1, sessionLifetimeMilliseconds)
            self.failedLoginsPerName = failedLoginsPerName
            self.failedLoginsPerAddress = failedLoginsPerAddress
            self.failedLoginsPerNetwork = failedLoginsPerNetwork
            self.failedLoginsPerNameAndAddress = failedLoginsPerNameAndAddress
            self.maximumLoginDelayMilliseconds = max(1_000, maximumLoginDelayMilliseconds)
            self.registrationsPerNetwork = registrationsPerNetwork
            self.tokenCacheSize = max(0, tokenCacheSize)
            self.revokedSessionsKept = max(1, revokedSessionsKept)
        }
    }
}
