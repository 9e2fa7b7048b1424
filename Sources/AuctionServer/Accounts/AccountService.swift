import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Registration, login, logout and token resolution over a `AccountStore` (on SQLite or PostgreSQL).
///
/// Thread-safe: the store has its own lock; rate limits (`LoginLimits`), the token cache, the
/// revocations and the dummy hash sit behind small mutexes that are never held while hashing.
/// The clock is injected.
/// Wrong passwords and unknown names get the same error after the same amount of hashing.
public final class AccountService: Sendable {
    /// Session lifetime, login limits and cache size.
    public let configuration: Configuration
    let store: AccountStore
    private let hasher: PasswordHasher
    private let clock: any TimeSource
    /// Where events are reported (names and addresses only).
    let log: @Sendable (String) -> Void
    private let limits: Mutex<LoginLimits>
    private let lastCleanup = Mutex<Int64?>(nil)
    private let cache: Mutex<[String: (identity: UserIdentity, cachedAt: Int64)]>
    let revocations: Mutex<SessionRevocations>
    private let dummyHash = Mutex<String?>(nil)

    /// Creates the service over a store, hashing with `hasher`, reading time from `clock`, and
    /// reporting events (names and addresses only, never passwords or tokens) to `log`.
    public init(store: AccountStore, configuration: Configuration = .init(), hasher: PasswordHasher = .init(),
                clock: any TimeSource = SystemClock(),
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.store = store
        self.log = log
        self.configuration = configuration
        self.hasher = hasher
        self.clock = clock
        limits = Mutex(LoginLimits(configuration: configuration))
        cache = Mutex([:])
        revocations = Mutex(SessionRevocations(capacity: configuration.revokedSessionsKept))
    }

    /// Creates a user and opens a first session; `nameTaken` when the name exists,
    /// `tooManyRegistrations` when `address`'s network registered too often (nil: not limited).
    public func register(name: String, password: String, address: String? = nil) throws(AccountError) -> UserSession {
        try AccountRules.validate(name: name)
        try AccountRules.validate(password: password)
        if let wait = limits.withLock({ $0.reserveRegistration(address: address, now: clock.now()) }) {
            log("accounts: registration from \(address ?? "?") refused: rate limited for \(wait.milliseconds) ms")
            throw AccountError.tooManyRegistrations(retryAfterMilliseconds: wait.milliseconds)
        }
        let hash = try hasher.hash(password)
        let now = clock.now()
        let created: UserID?
        do throws(StoreError) {
            created = try store.createUser(name: name, passwordHash: hash, at: now)
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
        guard let userID = created else {
            // The same name but for case is taken; any other collision of keys is a look-alike.
            let holder = (try? store.nameHolder(like: name)) ?? nil
            if let holder, holder.lowercased() != name.lowercased() { throw AccountError.nameConfusable(name) }
            throw AccountError.nameTaken(name)
        }
        limits.withLock { $0.registered(name: name, address: address) }
        log("accounts: registered \(name) as user \(userID.rawValue)")
        return try openSession(userID: userID, name: name, now: now)
    }

    /// Checks a name and password and opens a session. `invalidCredentials` for a wrong password
    /// or an unknown name alike; `rateLimited` after too many failures from the address, its
    /// network or for the name from it, or while a name under attack makes unknown networks wait;
    /// `tooManyLogins` once the name's logins (right passwords too) are spent, before any hashing.
    public func login(name: String, password: String, address: String?) throws(AccountError) -> UserSession {
        let limitedName = String(decoding: name.utf8.prefix(64), as: UTF8.self)
        let ticket: LoginLimits.Ticket
        switch limits.withLock({ $0.reserve(name: limitedName, address: address, now: clock.now()) }) {
        case .success(let reserved):
            ticket = reserved
        case .failure(let wait):
            log("accounts: login from \(address ?? "?") refused: \(wait.isNameRate ? "the name's login rate" : "rate limited") for \(wait.milliseconds) ms")
            throw wait.isNameRate ? AccountError.tooManyLogins(retryAfterMilliseconds: wait.milliseconds)
                                  : AccountError.rateLimited(retryAfterMilliseconds: wait.milliseconds)
        }
        var failed = false  // only a wrong name or password counts, not a store failure
        var succeeded = false
        defer { limits.withLock { $0.release(ticket, failed: failed, succeeded: succeeded, now: clock.now()) } }

        let user: AccountStore.User?
        do throws(StoreError) {
            user = try store.user(named: name)
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
        // Hash exactly once on every path so an unknown name costs what a wrong password costs.
        let storedHash: String
        if let user { storedHash = user.passwordHash } else { storedHash = try dummy() }
        let matches = hasher.verify(password, against: storedHash)
        guard let user, matches, AccountRules.isAcceptable(password: password) else {
            failed = true
            // An unknown name is not logged: it may be a password typed into the wrong field.
            log("accounts: failed login for \(user.map { AccountService.printable($0.name) } ?? "an unknown name") from \(address ?? "?")")
            throw AccountError.invalidCredentials
        }
        if let suspension = user.suspension, suspension.isInForce(at: clock.now()) {
            log("accounts: \(user.name) is suspended; login from \(address ?? "?") refused")
            throw AccountError.suspended(reason: suspension.reason, until: suspension.until)
        }
        log("accounts: \(user.name) logged in from \(address ?? "?")")
        let session = try openSession(userID: user.id, name: user.name, now: clock.now())
        succeeded = true
        return session
    }

    /// Revokes the session of `token`; false when it was unknown or already revoked.
    @discardableResult
    public func logout(token: String) throws(AccountError) -> Bool {
        let hash = SessionToken.hash(token)
        _ = cache.withLock { $0.removeValue(forKey: hash) }
        guard SessionToken.isWellFormed(token) else { return false }
        let now = clock.now()
        do throws(StoreError) {
            let revoked = try store.revokeSession(tokenHash: hash, at: now)
            if revoked {
                forgetRevokedSessions([hash], now: now)
                log("accounts: session \(hash.prefix(8)) revoked")
            }
            return revoked
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
    }

    /// Who holds `token`, or nil when it is malformed, unknown, expired or revoked (or the store
    /// fails). One SHA-256 and an indexed lookup, or a cache hit; the socket service's login frame calls it.
    public func user(forToken token: String) -> UserIdentity? {
        LoopStoreCheck.assertOffLoop("sessions (a token lookup)")  // debug builds: even a cache hit, which a miss would not be
        guard SessionToken.isWellFormed(token) else { return nil }
        let hash = SessionToken.hash(token)
        let now = clock.now()
        guard !revocations.withLock({ $0.isRevoked(SessionToken.revocationKey(ofHash: hash)) }) else { return nil }
        if let (cached, cachedAt) = cache.withLock({ $0[hash] }) {
            let fresh = configuration.sessionRecheckMilliseconds.map { now.millisecondsSinceEpoch &- cachedAt < $0 } ?? true
            if now < cached.expiresAt, fresh { return cached }
            _ = cache.withLock { $0.removeValue(forKey: hash) }
            guard now < cached.expiresAt else { return nil }
            // Past the recheck period: read from the store again below (another node may have revoked it).
        }
        guard let session = try? store.session(tokenHash: hash), session.isValid(at: now) else { return nil }
        let identity = UserIdentity(userID: session.userID, name: session.userName, expiresAt: session.expiresAt)
        remember(hash, identity)
        return identity
    }

    /// The revocation generation now: read it before resolving a token, and hand it to
    /// `confirmSession` with the session later (see `SessionRevocations`).
    public var revocationGeneration: Int { currentGeneration(now: clock.now()) }

    /// The revocation generation, which on a shared store also moves on every `sessionRecheckMilliseconds`
    /// (so each live session is read from the store again once per period: logouts on other nodes).
    func currentGeneration(now: Timestamp) -> Int {
        let base = revocations.withLock { $0.generation }
        guard let recheck = configuration.sessionRecheckMilliseconds, recheck > 0 else { return base }
        return base &+ Int(truncatingIfNeeded: now.millisecondsSinceEpoch / recheck) &* (1 << 32)
    }

    /// Whether a session resolved earlier (by the hash of its token) still holds at `now`: the
    /// generation it is now confirmed under, or nil once it expired or was revoked. From memory,
    /// except one store lookup after the revocation table overflowed since `generation`.
    public func confirmSession(tokenHash: String, expiresAt: Timestamp, generation: Int, now: Timestamp) -> Int? {
        guard now < expiresAt else { return nil }
        guard !revocations.withLock({ $0.isRevoked(SessionToken.revocationKey(ofHash: tokenHash)) }) else { return nil }
        let current = currentGeneration(now: now)
        if current == generation { return current }
        guard let session = try? store.session(tokenHash: tokenHash), session.isValid(at: now) else { return nil }
        return current
    }

    /// Records a session another node revoked (its `auction_sessions` notification carried `key`) as
    /// a logout here does, and drops it from the token cache: this node's connections holding it are
    /// refused from their next bid or chat message on. False when `key` is not a revocation key.
    @discardableResult
    public func revokedElsewhere(key: String) -> Bool {
        guard SessionToken.isRevocationKey(key) else { return false }
        let now = clock.now()
        let expiresAt = now.adding(milliseconds: configuration.sessionLifetimeMilliseconds)
        revocations.withLock { $0.revoke(key, expiresAt: expiresAt, now: now) }
        cache.withLock { cache in
            for hash in cache.keys.filter({ $0.hasPrefix(key) }) { cache.removeValue(forKey: hash) }
        }
        return true
    }

    /// Records sessions this node revoked in the store (a logout, a login past `sessionsPerUser`, a
    /// suspension) by their token hashes: dropped from the token cache and refused from memory at once
    /// (live connections learn it there), remembered until they would have expired anyway.
    func forgetRevokedSessions(_ hashes: [String], now: Timestamp) {
        guard !hashes.isEmpty else { return }
        let expiresAt = now.adding(milliseconds: configuration.sessionLifetimeMilliseconds)
        cache.withLock { cache in for hash in hashes { cache.removeValue(forKey: hash) } }
        revocations.withLock { table in
            for hash in hashes { table.revoke(SessionToken.revocationKey(ofHash: hash), expiresAt: expiresAt, now: now) }
        }
    }

    /// The service's clock now.
    var now: Timestamp { clock.now() }

    /// Forgets every cached token and confirmation, so each session is read from the store again at its
    /// next use (once): after this node may have missed other nodes' revocations (its listener reconnected).
    public func recheckAllSessions() {
        cache.withLock { $0.removeAll() }
        revocations.withLock { $0.forgetConfirmations() }
    }

    /// Deletes sessions that have expired; returns how many (also done at most hourly on login).
    @discardableResult
    public func removeExpiredSessions() throws(AccountError) -> Int {
        do throws(StoreError) {
            return try store.removeExpiredSessions(before: clock.now())
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
    }

    private func openSession(userID: UserID, name: String, now: Timestamp) throws(AccountError) -> UserSession {
        let token = try SessionToken.generate()
        let hash = SessionToken.hash(token)
        let expiresAt = now.adding(milliseconds: configuration.sessionLifetimeMilliseconds)
        let revoked: [String]
        do throws(StoreError) {
            revoked = try store.createSession(tokenHash: hash, userID: userID, createdAt: now, expiresAt: expiresAt,
                                              keeping: max(1, configuration.sessionsPerUser))
        } catch {
            throw error.isUnavailable ? AccountError.storeUnavailable(error.description) : AccountError.store(error.description)
        }
        // The oldest sessions past `sessionsPerUser` end as a logout ends them: live connections learn it from memory.
        forgetRevokedSessions(revoked, now: now)
        if !revoked.isEmpty { log("accounts: \(revoked.count) oldest session(s) of \(AccountService.printable(name)) revoked (more than \(configuration.sessionsPerUser))") }
        remember(hash, UserIdentity(userID: userID, name: name, expiresAt: expiresAt))
        cleanUpHourly(now: now)
        return UserSession(userID: userID, name: name, token: token, expiresAt: expiresAt)
    }

    private func remember(_ hash: String, _ identity: UserIdentity) {
        let capacity = configuration.tokenCacheSize
        guard capacity > 0 else { return }
        cache.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[hash] = (identity, clock.now().millisecondsSinceEpoch)
        }
    }

    private func cleanUpHourly(now: Timestamp) {
        let due = lastCleanup.withLock { last -> Bool in
            if let last, now.millisecondsSinceEpoch - last < 3_600_000 { return false }
            last = now.millisecondsSinceEpoch
            return true
        }
        if due { limits.withLock { $0.prune(now: now) } }
        if due { _ = try? store.removeExpiredSessions(before: now) }
    }

    /// A name as it may appear in a log line: at most 32 printable ASCII characters, quoted.
    static func printable(_ name: String) -> String {
        let shown = name.unicodeScalars.prefix(32).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" }
        return "'" + String(shown) + (name.unicodeScalars.count > 32 ? "…'" : "'")
    }

    /// A hash of a random password made once, verified against for unknown names.
    private func dummy() throws(AccountError) -> String {
        if let hash = dummyHash.withLock({ $0 }) { return hash }
        let made = try hasher.hash(SessionToken.generate())
        return dummyHash.withLock { stored in
            if stored == nil { stored = made }
            return stored ?? made
        }
    }
}
