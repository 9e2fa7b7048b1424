import AuctionInfrastructure
import Glibc

/// `auction-server admin grant|revoke NAME`: changes the moderator role stored on the account, in the SQLite
/// file or the PostgreSQL store, whether a server runs on it or not (servers read the role at each request).
public enum ModeratorAdmin {
    /// What the command prints and its exit status: 0 done (or nothing to do), 1 no such user, 3 the store failed.
    public struct Outcome: Hashable, Sendable {
        /// The line for the operator (stdout when `status` is 0, else stderr).
        public var message: String
        /// The process's exit status.
        public var status: Int32
    }

    /// Runs `request` against its store (nil: the default SQLite location for `environment`).
    public static func run(_ request: ServerOptions.AdminRequest, environment: [String: String]) -> Outcome {
        let grant = request.action == .grant
        do throws(StoreError) {
            let store = try open(request.target, environment: environment)
            defer { store.close() }
            switch try store.setModerator(grant, name: request.name) {
            case .changed:
                return Outcome(message: grant ? "\(request.name) is now a moderator"
                                              : "\(request.name) is no longer a moderator (from their next request)", status: 0)
            case .unchanged:
                return Outcome(message: grant ? "\(request.name) is already a moderator; nothing changed"
                                              : "\(request.name) is not a moderator; nothing changed", status: 0)
            case .unknownUser:
                return Outcome(message: "admin \(request.action.rawValue): no user named '\(request.name)'", status: 1)
            }
        } catch {
            return Outcome(message: "admin \(request.action.rawValue): \(error)", status: 3)
        }
    }

    /// The account store at `target`: an existing SQLite file (never a new one) or the PostgreSQL store,
    /// migrated to this program's schema as a starting server would.
    private static func open(_ target: StoreTarget?, environment: [String: String]) throws(StoreError) -> AccountStore {
        switch target {
        case .postgres(let store):
            let connection = try store.open()
            defer { connection.close() }
            try PostgresSchema.migrate(connection)
            return try AccountStore(target: .postgres(store))
        case .shared(let pool):  // a node's pool: the tool opens a connection of its own all the same
            return try open(.postgres(pool.store), environment: environment)
        case .file(let path):
            return try openFile(path)
        case nil:
            return try openFile(try StoreLocation.defaultDatabasePath(environment: environment))
        }
    }

    private static func openFile(_ path: String) throws(StoreError) -> AccountStore {
        guard access(path, F_OK) == 0 else {
            throw StoreError.cannotOpen(path: path, reason: "no such store (start the server on it once, or give --db)")
        }
        return try AccountStore(path: path)
    }
}
