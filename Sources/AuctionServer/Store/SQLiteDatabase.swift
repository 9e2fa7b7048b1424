import CSQLite

/// One SQLite connection (`sqlite3_open_v2`), closed on `close()` or deinit.
///
/// Deliberately not `Sendable`: a connection and its statements belong to one thread at a
/// time (opened with `SQLITE_OPEN_NOMUTEX`). Threads that share a store each open their own
/// connection, or guard one behind a lock as `CatalogueStore` does.
public final class SQLiteDatabase {
    /// How to open the file (`SQLITE_OPEN_*` flags).
    public struct OpenOptions: OptionSet, Sendable {
        /// The flag bits.
        public var rawValue: Int32
        /// Wraps flag bits.
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// Read only (`SQLITE_OPEN_READONLY`).
        public static let readOnly = OpenOptions(rawValue: SQLITE_OPEN_READONLY)
        /// Read and write (`SQLITE_OPEN_READWRITE`).
        public static let readWrite = OpenOptions(rawValue: SQLITE_OPEN_READWRITE)
        /// Create the file when missing (`SQLITE_OPEN_CREATE`); needs `readWrite`.
        public static let create = OpenOptions(rawValue: SQLITE_OPEN_CREATE)
    }

    /// The file's path as opened.
    public let path: String
    private(set) var handle: OpaquePointer?

    /// Opens (and with `.create`, creates) the database file; waits up to `busyTimeoutMilliseconds` for locks.
    public init(path: String, options: OpenOptions = [.readWrite, .create], busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        self.path = path
        var db: OpaquePointer?
        let flags = options.rawValue | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(db)
            throw StoreError.sqlite(code: status, message: message, path: path)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Whether the connection is still open.
    public var isOpen: Bool { handle != nil }

    /// Closes the connection (`sqlite3_close_v2`); later calls fail with `.closed`.
    public func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// Runs one or more SQL statements without results (`sqlite3_exec`).
    public func execute(_ sql: String) throws(StoreError) {
        let db = try openHandle()
        var errorText: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(db, sql, nil, nil, &errorText)
        guard status == SQLITE_OK else {
            let message = errorText.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(errorText)
            throw StoreError.sqlite(code: status, message: message, path: path)
        }
    }

    /// Compiles one statement (`sqlite3_prepare_v2`).
    public func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        let db = try openHandle()
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw error(status)
        }
        return SQLiteStatement(database: self, handle: statement)
    }

    /// Runs one statement with bound values, discarding any rows.
    public func run(_ sql: String, _ values: [StoreValue] = []) throws(StoreError) {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Runs a query and maps each row.
    public func query<T>(_ sql: String, _ values: [StoreValue] = [], row: (SQLiteStatement) throws(StoreError) -> T) throws(StoreError) -> [T] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    /// The first column of the first row as an integer, or nil when there is no row or it is NULL.
    public func scalarInteger(_ sql: String, _ values: [StoreValue] = []) throws(StoreError) -> Int64? {
        let statement = try prepare(sql)
        try statement.bind(values)
        guard try statement.step() else { return nil }
        return statement.optionalInt64(0)
    }

    /// The rowid of the last inserted row (`sqlite3_last_insert_rowid`).
    public var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Rows changed by the last statement (`sqlite3_changes64`).
    public var changes: Int64 { handle.map { sqlite3_changes64($0) } ?? 0 }

    /// Whether no transaction is open (`sqlite3_get_autocommit`).
    public var isAutocommit: Bool { handle.map { sqlite3_get_autocommit($0) != 0 } ?? true }

    func openHandle() throws(StoreError) -> OpaquePointer {
        guard let handle else { throw StoreError.closed(path: path) }
        return handle
    }

    /// The connection's current error as a `StoreError` for a result code.
    func error(_ status: Int32) -> StoreError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
        return StoreError.sqlite(code: status, message: message, path: path)
    }
}
