import AuctionCore
import AuctionInfrastructure

extension ServerHooks {
    /// Hooks that serve accounts from the server's own database: the `/users/…` routes (hashing on
    /// two worker threads) and socket login by session token. The store and workers are opened on
    /// first use and closed when the server stops.
    public static func accounts(log: ServerLog) -> ServerHooks {
        let opened = AccountsOnce()
        return ServerHooks(
            makeSessionResolver: { path in AccountSessions(accounts: try opened.service(path: path, log: log)) },
            installRoutes: { router, path in
                let service = try opened.service(path: path, log: log)
                AccountEndpoints.install(on: &router, accounts: service, workers: opened.workers)
            },
            didStop: { opened.close() })
    }
}

/// The account service a server's hooks share, opened once.
final class AccountsOnce: Sendable {
    private let state = Mutex<(service: AccountService, store: SQLiteAccountStore)?>(nil)
    /// Threads for password hashing.
    let workers = BlockingWorkers(threads: 2)

    /// The service over the store at `path`, opened on the first call.
    func service(path: String, log: ServerLog) throws -> AccountService {
        try state.withLock { state in
            if let state { return state.service }
            let store = try SQLiteAccountStore(path: path)
            let service = AccountService(store: store, log: { log.info("accounts: \($0)") })
            state = (service, store)
            return service
        }
    }

    /// Stops the workers and closes the store.
    func close() {
        workers.shutdown()
        state.withLock { $0?.store.close() }
    }
}

/// Socket login through the account service's session tokens.
struct AccountSessions: SessionResolver {
    let accounts: AccountService

    func user(forToken token: String) -> SessionUser? {
        accounts.user(forToken: token).map { SessionUser(id: $0.userID, name: $0.name) }
    }
}
