import AuctionInfrastructure

/// One store connection — SQLite (`SQLiteDatabase.openStore`) or PostgreSQL — behind a `Mutex`: what
/// the account, catalogue, chat and other stores share, so that any thread may call them and calls
/// queue on the lock. Store code reads it through `StoreDatabase` and branches on `dialect` where the
/// engines differ.
///
/// A PostgreSQL connection that broke (the server restarted, the link went silent past its answer
/// deadline) is opened again at the next call, at most once per `reopenPauseMilliseconds`: calls in
/// between fail at once with `.unavailable` instead of each waiting for a connect timeout.
struct StoreConnection: Sendable {
    /// The database file, or the password-free PostgreSQL URL.
    let path: String
    /// The engine behind the connection.
    let dialect: StoreDialect
    /// The shortest pause between two attempts to open a broken PostgreSQL connection again (milliseconds).
    static let reopenPauseMilliseconds: Int64 = 500
    private let database: Mutex<any StoreDatabase>
    private let reopening: Mutex<StoreReopening>?

    /// Opens (creating and migrating if needed) the SQLite store at `path`.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) {
        self.path = path
        dialect = .sqlite
        database = Mutex(try SQLiteDatabase.openStore(at: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
        reopening = nil
    }

    /// Opens a connection to the shared PostgreSQL store (already migrated: `PostgresSchema.migrate`).
    init(store: PostgresConnectionString) throws(StoreError) {
        path = store.displayTarget
        dialect = .postgres
        database = Mutex(try store.open())
        reopening = Mutex(StoreReopening(store: store))
    }

    /// Opens the store at `target`: the SQLite file (created and migrated if needed) or a PostgreSQL connection.
    init(_ target: StoreTarget, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        switch target {
        case .file(let path): try self.init(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        case .postgres(let store): try self.init(store: store)
        }
    }

    /// Closes the connection; later calls fail with `.closed`.
    func close() {
        reopening?.withLock { $0.isClosed = true }
        database.withLock { database in
            if let sqlite = database as? SQLiteDatabase { sqlite.close() }
            if let postgres = database as? PostgresConnection { postgres.close() }
        }
    }

    /// Runs `body` with the connection, holding the lock. With `retryingLostConnection` (reads only:
    /// a write whose connection was lost may or may not have committed) a body that failed because
    /// the PostgreSQL connection was lost runs once more on a new one.
    func withDatabase<R>(retryingLostConnection: Bool = false,
                         _ body: (any StoreDatabase) throws(StoreError) -> R) throws(StoreError) -> R {
        try database.withLock { (database: inout any StoreDatabase) throws(StoreError) -> R in
            try reopenIfLost(&database)
            do throws(StoreError) {
                return try body(database)
            } catch {
                guard retryingLostConnection, case .unavailable = error, let postgres = database as? PostgresConnection,
                      !postgres.isOpen else { throw error }
                try reopenIfLost(&database)
                return try body(database)
            }
        }
    }

    private func reopenIfLost(_ database: inout any StoreDatabase) throws(StoreError) {
        guard let reopening, let postgres = database as? PostgresConnection, !postgres.isOpenWhenIdle else { return }
        database = try reopening.withLock { (state: inout StoreReopening) throws(StoreError) -> any StoreDatabase in
            try state.reopen(target: postgres.target)
        }
    }
}
