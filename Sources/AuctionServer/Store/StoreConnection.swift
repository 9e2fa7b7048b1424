import AuctionInfrastructure

/// One store connection (`SQLiteDatabase.openStore`) behind a `Mutex`: what the account, catalogue
/// and chat stores share, so that any thread may call them and calls queue on the lock.
struct StoreConnection: Sendable {
    /// The database file.
    let path: String
    private let database: Mutex<SQLiteDatabase>

    /// Opens (creating and migrating if needed) the store at `path`.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) {
        self.path = path
        database = Mutex(try SQLiteDatabase.openStore(at: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
    }

    /// Closes the connection; later calls fail with `.closed`.
    func close() {
        database.withLock { $0.close() }
    }

    /// Runs `body` with the connection, holding the lock.
    func withDatabase<R>(_ body: (SQLiteDatabase) throws(StoreError) -> R) throws(StoreError) -> R {
        try database.withLock { (database: inout SQLiteDatabase) throws(StoreError) -> R in try body(database) }
    }
}
