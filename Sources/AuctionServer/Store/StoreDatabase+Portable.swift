import CSQLite

/// Shorthands the dialect-neutral stores use on either engine.
extension StoreDatabase {
    /// Runs a query without bound values and maps each row.
    public func rows<T>(_ sql: String, map: (any StoreRow) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try rows(sql, [], map: map)
    }

    /// Runs one statement without bound values; returns how many rows it changed.
    @discardableResult
    public func write(_ sql: String) throws(StoreError) -> Int64 {
        try write(sql, [])
    }

    /// The first column of the first row of a query without bound values.
    public func scalarInteger(_ sql: String) throws(StoreError) -> Int64? {
        try scalarInteger(sql, [])
    }

    /// Runs an `INSERT` and returns the new row's `id` (`RETURNING id`, which both engines read).
    public func insertReturningID(_ sql: String, _ values: [StoreValue]) throws(StoreError) -> Int64 {
        guard let id = try rows(sql + " RETURNING id", values, map: { $0.int64(0) }).first else {
            throw StoreError.unexpectedValue(path: location, detail: "an insert returned no id")
        }
        return id
    }
}

extension StoreDialect {
    /// An empty byte string literal (`x''` in SQLite; `''::bytea` in PostgreSQL, where `x''` is a bit string).
    var emptyBytes: String {
        switch self {
        case .sqlite: "x''"
        case .postgres: "''::bytea"
        }
    }

    /// The `YYYY-MM-DD` date (UTC) of a column of milliseconds since the epoch.
    func utcDate(ofMilliseconds column: String) -> String {
        switch self {
        case .sqlite: "date(\(column) / 1000, 'unixepoch')"
        case .postgres: "to_char(to_timestamp(\(column) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        }
    }

    /// The length in bytes of a text column.
    func byteLength(of column: String) -> String {
        switch self {
        case .sqlite: "length(CAST(\(column) AS BLOB))"
        case .postgres: "octet_length(\(column))::bigint"
        }
    }
}

extension StoreError {
    /// Whether the error is a constraint violation (a taken unique name, a missing reference), on either engine.
    var isConstraintViolation: Bool {
        if sqliteCode == SQLITE_CONSTRAINT { return true }
        if case .postgres(let state, _, _) = self { return state.hasPrefix("23") }
        return false
    }
}
