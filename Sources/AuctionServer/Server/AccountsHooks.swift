import AuctionCore
import AuctionInfrastructure

/// Accounts on the server's own database: `/users/*` and `/moderation/*` routes and login frames resolved by `AccountService`.
///
/// One instance serves one server run: it opens the account store when the server starts and
/// closes it (and the password-hashing workers) when the server stops.
final class AccountsHooks: SessionResolver, Sendable {
    private struct Opened {
        var store: AccountStore
        var service: AccountService
        var workers: BlockingWorkers
        var check: ModeratorCheck
    }

    private let log: ServerLog
    private let configuration: AccountService.Configuration
    private let clock: any TimeSource
    private let store: PostgresConnectionString?
    private let pool: PostgresPool?
    private let opened = Mutex<Opened?>(nil)

    /// Accounts in the server's SQLite file, or in the shared PostgreSQL `store` when given (sessions are
    /// then re-read every `sharedSessionRecheckMilliseconds`, so a logout on one node reaches the others),
    /// borrowing from the node's `pool` when given.
    init(log: ServerLog, configuration: AccountService.Configuration = .init(), clock: any TimeSource = SystemClock(),
         store: PostgresConnectionString? = nil, pool: PostgresPool? = nil) {
        self.log = log
        var configuration = configuration
        if store != nil, configuration.sessionRecheckMilliseconds == nil {
            configuration.sessionRecheckMilliseconds = Self.sharedSessionRecheckMilliseconds
        }
        self.configuration = configuration
        self.clock = clock
        self.store = store
        self.pool = pool
    }

    /// How long a node trusts a session it read from a shared store before reading it again (10 s).
    static let sharedSessionRecheckMilliseconds: Int64 = 10_000

    /// The hooks that open, install and close the accounts.
    var hooks: ServerHooks {
        ServerHooks(
            makeSessionResolver: { [self] path in try open(path); return self },
            installRoutes: { [self] router, _ in install(on: &router) },
            didStop: { [self] in close() },
            moderation: { [self] in opened.withLock { $0.map { ($0.service, $0.check, $0.workers) } } })
    }

    func user(forToken token: String) -> SessionUser? {
        guard let service = opened.withLock({ $0?.service }) else { return nil }
        let generation = service.revocationGeneration  // before resolving: a later overflow forces a re-check
        guard let identity = service.user(forToken: token) else { return nil }
        return SessionUser(id: identity.userID, name: identity.name, expiresAt: identity.expiresAt,
                           sessionKey: SessionToken.hash(token), confirmedGeneration: generation)
    }

    func current(_ user: SessionUser, now: Timestamp) -> SessionUser? {
        guard let key = user.sessionKey, let expiresAt = user.expiresAt else { return user }
        guard let service = opened.withLock({ $0?.service }),
              let generation = service.confirmSession(tokenHash: key, expiresAt: expiresAt,
                                                      generation: user.confirmedGeneration, now: now) else { return nil }
        guard generation != user.confirmedGeneration else { return user }
        var confirmed = user
        confirmed.confirmedGeneration = generation
        return confirmed
    }

    func check(_ user: SessionUser, now: Timestamp) -> SessionCheck {
        guard let key = user.sessionKey, let expiresAt = user.expiresAt else { return .holds(user) }
        guard let service = opened.withLock({ $0?.service }) else { return .ended }
        switch service.confirmSessionFromMemory(tokenHash: key, expiresAt: expiresAt, generation: user.confirmedGeneration, now: now) {
        case .confirmed: return .holds(user)
        case .ended: return .ended
        case .needsStore: return .needsStore
        }
    }

    var recheckMilliseconds: Int64? { configuration.sessionRecheckMilliseconds }

    func confirm(_ user: SessionUser, now: Timestamp, ahead: Timestamp) -> SessionUser? {
        guard let key = user.sessionKey, let expiresAt = user.expiresAt else { return user }
        guard let service = opened.withLock({ $0?.service }),
              let generation = service.confirmSession(tokenHash: key, expiresAt: expiresAt, now: now, ahead: ahead) else { return nil }
        var confirmed = user
        confirmed.confirmedGeneration = generation
        return confirmed
    }

    func revokedElsewhere(key: String) -> Bool {
        opened.withLock({ $0?.service })?.revokedElsewhere(key: key) ?? false
    }

    func recheckAll() {
        opened.withLock({ $0?.service })?.recheckAllSessions()
    }

    func suspension(forToken token: String) -> SessionSuspension? {
        opened.withLock({ $0?.service })?.suspension(forToken: token)
    }

    private func open(_ path: String) throws {
        let store = try AccountStore(target: pool.map(StoreTarget.shared) ?? self.store.map(StoreTarget.postgres) ?? .file(path))
        let log = self.log
        let service = AccountService(store: store, configuration: configuration, clock: clock, log: { log.info($0) })
        logConfiguredModerators(store)
        let clock = self.clock
        opened.withLock {
            $0 = Opened(store: store, service: service, workers: BlockingWorkers(name: "auction-account", threads: 2),
                        check: ModeratorCheck(accounts: service, requestsPerMinute: configuration.moderationRequestsPerMinute,
                                              now: { clock.now() }))
        }
    }

    /// Says at start which users the config's `moderators` makes moderators, and which of them have no account yet.
    private func logConfiguredModerators(_ store: AccountStore) {
        guard !configuration.moderators.isEmpty else { return }
        let names = configuration.moderators.sorted()
        let missing = names.filter { (try? store.user(named: $0)) == .some(nil) }
        log.info("accounts: moderators from the configuration: \(names.joined(separator: ", "))"
                 + (missing.isEmpty ? "" : " (no account yet: \(missing.joined(separator: ", ")))"))
    }

    private func install(on router: inout HTTPRouter) {
        guard let current = opened.withLock({ $0 }) else { return }
        AccountEndpoints.install(on: &router, accounts: current.service, workers: current.workers,
                                 clientAddress: { $0.remoteAddress?.host })
        ModerationEndpoints.install(on: &router, check: current.check, workers: current.workers)
    }

    private func close() {
        guard let current = opened.withLock({ state -> Opened? in defer { state = nil }; return state }) else { return }
        current.workers.shutdown()
        current.store.close()
    }
}
