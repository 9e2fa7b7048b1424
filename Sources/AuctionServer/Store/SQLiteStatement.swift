import CSQLite

/// A compiled statement (`sqlite3_stmt`), finalized on deinit; not `Sendable`, like its connection.
public final class SQLiteStatement {
    /// The connection it belongs to (kept alive while the statement lives).
    public let database: SQLiteDatabase
    private let handle: OpaquePointer

    init(database: SQLiteDatabase, handle: OpaquePointer) {
        self.database = database
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding (1-based parameter indexes, as SQLite counts)

    /// Binds an integer (`sqlite3_bind_int64`).
    public func bind(_ value: Int64, at index: Int) throws(StoreError) {
        try check(sqlite3_bind_int64(handle, Int32(index), value))
    }

    /// Binds a double (`sqlite3_bind_double`).
    public func bind(_ value: Double, at index: Int) throws(StoreError) {
        try check(sqlite3_bind_double(handle, Int32(index), value))
    }

    /// Binds UTF-8 text (`sqlite3_bind_text`, copied).
    public func bind(_ value: String, at index: Int) throws(StoreError) {
        var text = value
        let status = text.withUTF8 { utf8 -> Int32 in
            guard let base = utf8.baseAddress else {
                return sqlite3_bind_text(handle, Int32(index), "", 0, SQLiteStatement.transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                sqlite3_bind_text(handle, Int32(index), $0, Int32(utf8.count), SQLiteStatement.transient)
            }
        }
        try check(status)
    }

    /// Binds bytes (`sqlite3_bind_blob`, copied); an empty array binds an empty blob, not NULL.
    public func bind(_ value: [UInt8], at index: Int) throws(StoreError) {
        let status = value.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return sqlite3_bind_zeroblob(handle, Int32(index), 0)
            }
            return sqlite3_bind_blob(handle, Int32(index), base, Int32(bytes.count), SQLiteStatement.transient)
        }
        try check(status)
    }

    /// Binds NULL (`sqlite3_bind_null`).
    public func bindNull(at index: Int) throws(StoreError) {
        try check(sqlite3_bind_null(handle, Int32(index)))
    }

    /// Binds any storage-class value.
    public func bind(_ value: StoreValue, at index: Int) throws(StoreError) {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let number): try bind(number, at: index)
        case .real(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(bytes, at: index)
        }
    }

    /// Binds values to parameters 1, 2, … in order.
    public func bind(_ values: [StoreValue]) throws(StoreError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    // MARK: Running

    /// Advances (`sqlite3_step`): true when a row is ready, false when done.
    @discardableResult
    public func step() throws(StoreError) -> Bool {
        _ = try database.openHandle()
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(status)
        }
    }

    /// Rewinds for another run and clears the bindings (`sqlite3_reset`, `sqlite3_clear_bindings`).
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Columns (0-based, as SQLite counts)

    /// Number of result columns.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Whether a column of the current row is NULL.
    public func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL
    }

    /// A column as an integer (NULL reads as 0).
    public func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(column))
    }

    /// A column as an integer, nil for NULL.
    public func optionalInt64(_ column: Int) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    /// A column as a double (NULL reads as 0).
    public func double(_ column: Int) -> Double {
        sqlite3_column_double(handle, Int32(column))
    }

    /// A column as text (NULL reads as "").
    public func text(_ column: Int) -> String {
        guard let pointer = sqlite3_column_text(handle, Int32(column)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// A column as text, nil for NULL.
    public func optionalText(_ column: Int) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// A column as bytes (NULL reads as empty).
    public func blob(_ column: Int) -> [UInt8] {
        guard let pointer = sqlite3_column_blob(handle, Int32(column)) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private func check(_ status: Int32) throws(StoreError) {
        guard status == SQLITE_OK else { throw database.error(status) }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
