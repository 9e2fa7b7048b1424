import AuctionInfrastructure

/// One store connection — SQLite (`SQLiteDatabase.openStore`) or PostgreSQL — behind a `Mutex`: what
/// the account, catalogue, chat and other stores share, so that any thread may call them and calls
/// queue on the lock. Store code reads it through `StoreDatabase` and branches on `dialect` where the
/// engines differ.
struct StoreConnection: Sendable {
    /// The database file, or the password-free PostgreSQL URL.
    let path: String
    /// The engine behind the connection.
    let dialect: StoreDialect
    private let database: Mutex<any StoreDatabase>

    /// Opens (creating and migrating if needed) the SQLite store at `path`.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) {
        self.path = path
        dialect = .sqlite
        database = Mutex(try SQLiteDatabase.openStore(at: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
    }

    /// Opens a connection to the shared PostgreSQL store (already migrated: `PostgresSchema.migrate`).
    init(store: PostgresConnectionString, connectTimeoutSeconds: Int = 5) throws(StoreError) {
        path = store.displayTarget
        dialect = .postgres
        database = Mutex(try PostgresConnection(store.conninfo, connectTimeoutSeconds: connectTimeoutSeconds))
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
        database.withLock { database in
            if let sqlite = database as? SQLiteDatabase { sqlite.close() }
            if let postgres = database as? PostgresConnection { postgres.close() }
        }
    }

    /// Runs `body` with the connection, holding the lock.
    func withDatabase<R>(_ body: (any StoreDatabase) throws(StoreError) -> R) throws(StoreError) -> R {
        try database.withLock { (database: inout any StoreDatabase) throws(StoreError) -> R in try body(database) }
    }
}
