import Glibc

extension SQLiteDatabase {
    /// Opens the auction store at `path`: creates the file, sets WAL and `synchronous=FULL`,
    /// turns on foreign keys and migrates the schema.
    ///
    /// Any number of connections, in this process or another, may open the same file.
    public static func openStore(at path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) -> SQLiteDatabase {
        try createPrivateFileIfMissing(path)
        let database = try SQLiteDatabase(path: path, options: [.readWrite, .create], busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let mode = try database.query("PRAGMA journal_mode = WAL") { $0.text(0) }.first ?? ""
        guard mode.lowercased() == "wal" else {
            throw StoreError.unexpectedValue(path: path, detail: "journal mode is \(mode), WAL could not be set")
        }
        try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
        try StoreSchema.migrate(database)
        return database
    }

    /// Creates an empty file at `path` with mode 0600 when none exists, so the database (and the
    /// `-wal` and `-shm` files SQLite creates with the database file's mode) is readable by its owner only.
    public static func createPrivateFileIfMissing(_ path: String) throws(StoreError) {
        var descriptor: CInt
        repeat { descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) } while descriptor < 0 && errno == EINTR
        if descriptor >= 0 {
            Glibc.close(descriptor)
        } else if errno != EEXIST {
            throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
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
