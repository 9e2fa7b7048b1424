/// Which SQL engine a store connection speaks, for the few statements that differ (search, upserts).
public enum StoreDialect: Sendable, Hashable {
    /// The embedded SQLite file.
    case sqlite
    /// The shared PostgreSQL store.
    case postgres
}

/// A result row read by column index: SQLite's stepped statement or a PostgreSQL result row.
public protocol StoreRow {
    /// Whether the column is NULL.
    func isNull(_ column: Int) -> Bool
    /// The column as an integer (0 for NULL).
    func int64(_ column: Int) -> Int64
    /// The column as an integer, or nil when it is NULL.
    func optionalInt64(_ column: Int) -> Int64?
    /// The column as a double (0 for NULL).
    func double(_ column: Int) -> Double
    /// The column as text ("" for NULL).
    func text(_ column: Int) -> String
    /// The column as text, or nil when it is NULL.
    func optionalText(_ column: Int) -> String?
    /// The column's bytes (empty for NULL).
    func blob(_ column: Int) -> [UInt8]
}

extension SQLiteStatement: StoreRow {}
extension PostgresRow: StoreRow {}

/// One connection to the store, whichever engine: what dialect-neutral store code runs its SQL on.
///
/// Statements use `?` placeholders and the SQL both engines read (`INSERT … ON CONFLICT`, `RETURNING`,
/// `COALESCE`); where they differ, branch on `dialect`. Not `Sendable`: one thread at a time.
public protocol StoreDatabase: AnyObject {
    /// The engine behind the connection.
    var dialect: StoreDialect { get }
    /// The file path or the password-free server URL, for messages.
    var location: String { get }
    /// Runs one or more statements without parameters or results.
    func execute(_ sql: String) throws(StoreError)
    /// Runs one statement with bound values; returns how many rows it changed.
    @discardableResult
    func write(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> Int64
    /// Runs a query and maps each row.
    func rows<T>(_ sql: String, _ values: [StoreValue], map: (any StoreRow) throws(StoreError) -> T) throws(StoreError) -> [T]
    /// The first column of the first row as an integer, or nil when there is no row or it is NULL.
    func scalarInteger(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> Int64?
    /// Runs `body` in a write transaction: commits when it returns, rolls back when it throws.
    func inTransaction<R>(_ body: () throws(StoreError) -> R) throws(StoreError) -> R
    /// Tells every node sharing the store `payload` on `channel` when the transaction commits
    /// (nothing on SQLite: one node, nobody else to tell).
    func publish(channel: String, payload: String) throws(StoreError)
    /// Holds `lock` until the transaction ends, so writers on every node take their turn (nothing on
    /// SQLite, whose write transaction already holds its one writer lock).
    func serialize(lock: StoreLock) throws(StoreError)
}

extension SQLiteDatabase: StoreDatabase {
    /// SQLite.
    public var dialect: StoreDialect { .sqlite }
    /// The database file.
    public var location: String { path }

    /// Runs one statement with bound values; returns `sqlite3_changes64`.
    @discardableResult
    public func write(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> Int64 {
        try run(sql, values)
        return changes
    }

    /// Runs a query and maps each row.
    public func rows<T>(_ sql: String, _ values: [StoreValue], map: (any StoreRow) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try query(sql, values) { (row: SQLiteStatement) throws(StoreError) -> T in try map(row) }
    }

    /// An immediate transaction (takes the write lock at once).
    public func inTransaction<R>(_ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        try transaction(.immediate, body)
    }

    /// Nothing: one node uses a SQLite file.
    public func publish(channel: String, payload: String) throws(StoreError) {}

    /// Nothing: the immediate transaction already holds the only writer lock.
    public func serialize(lock: StoreLock) throws(StoreError) {}
}

extension PostgresConnection: StoreDatabase {
    /// PostgreSQL.
    public var dialect: StoreDialect { .postgres }
    /// The server URL without its password.
    public var location: String { target }

    /// Runs one statement with bound values; returns the rows it changed.
    @discardableResult
    public func write(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> Int64 {
        try run(sql, values)
    }

    /// Runs a query and maps each row.
    public func rows<T>(_ sql: String, _ values: [StoreValue], map: (any StoreRow) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try query(sql, values) { (row: PostgresRow) throws(StoreError) -> T in try map(row) }
    }

    /// A transaction (`BEGIN … COMMIT`).
    public func inTransaction<R>(_ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        try transaction(body)
    }

    /// `pg_notify`: delivered to every listening node at commit, in commit order.
    public func publish(channel: String, payload: String) throws(StoreError) {
        _ = try rows(PostgresConnection.notifySQL, [.text(channel), .text(payload)]) { _ in 0 }
    }

    /// A transaction-scoped advisory lock, or the user's row lock (`FOR UPDATE`).
    public func serialize(lock: StoreLock) throws(StoreError) {
        switch lock {
        case .listing:
            _ = try rows("SELECT pg_advisory_xact_lock(?)", [.integer(PostgresSchema.listingLock)]) { _ in 0 }
        case .migration:
            _ = try rows("SELECT pg_advisory_xact_lock(?)", [.integer(PostgresSchema.migrationLock)]) { _ in 0 }
        case .user(let id):
            _ = try rows("SELECT id FROM users WHERE id = ? FOR UPDATE", [.integer(id.rawValue)]) { _ in 0 }
        case .product(let id):
            _ = try rows("SELECT id FROM products WHERE id = ? FOR UPDATE", [.integer(Int64(id.rawValue))]) { _ in 0 }
        }
    }
}
