/// What can go wrong in the store (SQLite or PostgreSQL), with where it is and the engine's own words.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite returned an error code; `message` is SQLite's text (e.g. "database is locked").
    case sqlite(code: Int32, message: String, path: String)
    /// The folder for the database could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// Neither `XDG_DATA_HOME` nor `HOME` says where user data lives.
    case noDataDirectory
    /// The database was written by a newer program (its schema version is higher than ours).
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// A stored value is not what the schema promises (e.g. NULL where a price must be).
    case unexpectedValue(path: String, detail: String)
    /// The store was closed or shut down before the work could be done; nothing was written.
    case closed(path: String)
    /// Another server holds the database's exclusive lock (one server per database file).
    case inUse(path: String)
    /// The database file could not be opened or locked; `reason` is the system's words.
    case cannotOpen(path: String, reason: String)
    /// PostgreSQL answered with an error; `sqlState` is its five-character code ("" when it gave none).
    case postgres(sqlState: String, message: String, target: String)
    /// The store cannot be reached (PostgreSQL down, the connection broken, a timeout); nothing was written.
    case unavailable(target: String, reason: String)
    /// A `--store` value libpq cannot read.
    case invalidConnectionString(reason: String)

    /// SQLite's primary result code, when the error came from SQLite.
    public var sqliteCode: Int32? {
        if case .sqlite(let code, _, _) = self { return code & 0xFF }
        return nil
    }

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .sqlite(let code, let message, let path):
            "database \(path): \(message) (SQLite code \(code))"
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the data folder \(path): \(reason)"
        case .noDataDirectory:
            "cannot find a data folder: set XDG_DATA_HOME or HOME, or pass --db PATH"
        case .schemaTooNew(let path, let found, let supported):
            "database \(path) has schema version \(found) but this program knows up to \(supported); use a newer auction-server"
        case .unexpectedValue(let path, let detail):
            "database \(path) holds an unexpected value: \(detail)"
        case .closed(let path):
            "database \(path) is closed; nothing was written"
        case .inUse(let path):
            "database \(path) is in use by another auction-server (it holds the file's lock); stop it or pass --db with another file"
        case .cannotOpen(let path, let reason):
            "cannot open database \(path): \(reason)"
        case .postgres(let state, let message, let target):
            "database \(target): \(message)\(state.isEmpty ? "" : " (SQLSTATE \(state))")"
        case .unavailable(let target, let reason):
            "database \(target) is unavailable: \(reason)"
        case .invalidConnectionString(let reason):
            "the store's connection string cannot be read: \(reason) (expected postgres://USER@HOST:PORT/DB or key=value pairs)"
        }
    }
}
