import AuctionCore
import AuctionInfrastructure

/// Accounts on the server's own database: `/users/*` routes and login frames resolved by `AccountService`.
///
/// One instance serves one server run: it opens the account store when the server starts and
/// closes it (and the password-hashing workers) when the server stops.
final class AccountsHooks: SessionResolver, @unchecked Sendable {
    private struct Opened {
        var store: SQLiteAccountStore
        var service: AccountService
        var workers: BlockingWorkers
    }

    private let log: ServerLog
    private let opened = Mutex<Opened?>(nil)

    init(log: ServerLog) { self.log = log }

    /// The hooks that open, install and close the accounts.
    var hooks: ServerHooks {
        ServerHooks(
            makeSessionResolver: { [self] path in try open(path); return self },
            installRoutes: { [self] router, _ in install(on: &router) },
            didStop: { [self] in close() })
    }

    func user(forToken token: String) -> SessionUser? {
        guard let service = opened.withLock({ $0?.service }), let identity = service.user(forToken: token) else { return nil }
        return SessionUser(id: identity.userID, name: identity.name)
    }

    private func open(_ path: String) throws {
        let store = try SQLiteAccountStore(path: path)
        let log = self.log
        let service = AccountService(store: store, log: { log.info("accounts: \($0)") })
        opened.withLock { $0 = Opened(store: store, service: service, workers: BlockingWorkers(threads: 2)) }
    }

    private func install(on router: inout HTTPRouter) {
        guard let current = opened.withLock({ $0 }) else { return }
        AccountEndpoints.install(on: &router, accounts: current.service, workers: current.workers)
    }

    private func close() {
        guard let current = opened.withLock({ state -> Opened? in defer { state = nil }; return state }) else { return }
        current.workers.shutdown()
        current.store.close()
    }
}
