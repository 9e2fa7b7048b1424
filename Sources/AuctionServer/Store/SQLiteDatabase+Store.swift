extension SQLiteDatabase {
    /// Opens the auction store at `path`: creates the file, sets WAL and `synchronous=FULL`,
    /// turns on foreign keys and migrates the schema.
    ///
    /// Any number of connections, in this process or another, may open the same file.
    public static func openStore(at path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path, options: [.readWrite, .create], busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let mode = try database.query("PRAGMA journal_mode = WAL") { $0.text(0) }.first ?? ""
        guard mode.lowercased() == "wal" else {
            throw StoreError.unexpectedValue(path: path, detail: "journal mode is \(mode), WAL could not be set")
        }
        try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        try StoreSchema.migrate(database)
        return database
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file, otherwise SQLite's findings.
    public func integrityCheck() throws(StoreError) -> [String] {
        try query("PRAGMA integrity_check") { $0.text(0) }
    }

    /// The current `PRAGMA` value of a setting such as `journal_mode` or `synchronous`, as text.
    public func pragma(_ name: String) throws(StoreError) -> String? {
        try query("PRAGMA \(name)") { $0.text(0) }.first
    }
}
