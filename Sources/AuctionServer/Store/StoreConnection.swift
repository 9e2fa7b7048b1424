import AuctionInfrastructure

/// One store's way to its database — its own SQLite connection (`SQLiteDatabase.openStore`) behind a
/// `Mutex`, or PostgreSQL connections borrowed from a `PostgresPool` — what the account, catalogue,
/// chat and other stores share, so that any thread may call them and calls queue on the lock (or wait
/// for a pooled connection). Store code reads it through `StoreDatabase` and branches on `dialect`
/// where the engines differ.
///
/// On PostgreSQL a node's stores share the node's one pool (`StoreTarget.shared`); a store opened
/// alone (`.postgres`, tools and tests) has a pool of one connection of its own. A broken connection
/// is opened again at the next call, when the reconnect backoff allows (`StoreReopening`): calls in between
/// fail at once with `.unavailable` instead of each waiting for a connect timeout.
struct StoreConnection: Sendable {
    /// The database file, or the password-free PostgreSQL URL.
    let path: String
    /// The engine behind the connection.
    let dialect: StoreDialect
    private let database: Mutex<any StoreDatabase>?
    private let pool: PostgresPool?
    /// Whether `close()` closes the pool too (it is this store's own).
    private let ownsPool: Bool
    /// Set by `close()`: a store on a shared pool fails later calls with `.closed`.
    private let isClosed = Mutex(false)

    /// Opens (creating and migrating if needed) the SQLite store at `path`.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) {
        self.path = path
        dialect = .sqlite
        database = Mutex(try SQLiteDatabase.openStore(at: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
        pool = nil
        ownsPool = false
    }

    /// Opens a connection of its own to the shared PostgreSQL store (already migrated: `PostgresSchema.migrate`).
    init(store: PostgresConnectionString) throws(StoreError) {
        let own = PostgresPool(store: store, size: 1)
        try own.withConnection { _ throws(StoreError) in }  // fails now, as a store that cannot be reached should
        self.init(pool: own, owned: true)
    }

    /// Borrows from a node's shared pool (nothing is opened here; the pool's owner closes it).
    init(pool: PostgresPool, owned: Bool = false) {
        path = pool.target
        dialect = .postgres
        database = nil
        self.pool = pool
        ownsPool = owned
    }

    /// Opens the store at `target`: the SQLite file (created and migrated if needed), a PostgreSQL
    /// connection of its own, or the node's shared pool.
    init(_ target: StoreTarget, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        switch target {
        case .file(let path): try self.init(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        case .postgres(let store): try self.init(store: store)
        case .shared(let pool): self.init(pool: pool)
        }
    }

    /// Closes the connection; later calls fail with `.closed`.
    func close() {
        isClosed.withLock { $0 = true }
        if ownsPool { pool?.close() }
        database?.withLock { database in
            if let sqlite = database as? SQLiteDatabase { sqlite.close() }
        }
    }

    /// Runs `body` with the connection, holding it. With `retryingLostConnection` (reads only: a write
    /// whose connection was lost may or may not have committed) a body that failed because the
    /// PostgreSQL connection was lost runs once more on a new one.
    func withDatabase<R>(retryingLostConnection: Bool = false,
                         _ body: (any StoreDatabase) throws(StoreError) -> R) throws(StoreError) -> R {
        LoopStoreCheck.assertOffLoop(path)  // debug builds: the socket loop never waits for a store
        if let database {
            return try database.withLock { (database: inout any StoreDatabase) throws(StoreError) -> R in try body(database) }
        }
        guard let pool, !isClosed.withLock({ $0 }) else { throw StoreError.closed(path: path) }
        return try pool.withConnection(retryingLostConnection: retryingLostConnection) { connection throws(StoreError) -> R in
            try body(connection)
        }
    }
}
