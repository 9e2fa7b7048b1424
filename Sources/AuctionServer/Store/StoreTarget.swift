/// Where a server's stores live: its SQLite file, or the shared PostgreSQL database of a cluster.
public enum StoreTarget: Sendable, Hashable {
    /// The embedded SQLite file at this path.
    case file(String)
    /// The shared PostgreSQL store (`--store`).
    case postgres(PostgresConnectionString)

    /// The file path or the password-free server URL, for messages and logs.
    public var description: String {
        switch self {
        case .file(let path): path
        case .postgres(let store): store.displayTarget
        }
    }
}
