/// Where a server's stores live: its SQLite file, or the shared PostgreSQL database of a cluster.
public enum StoreTarget: Sendable, Hashable {
    /// The embedded SQLite file at this path.
    case file(String)
    /// The shared PostgreSQL store (`--store`), on a connection of the store's own (tools, tests).
    case postgres(PostgresConnectionString)
    /// The shared PostgreSQL store through a node's one pool, which every store of the node borrows from.
    case shared(PostgresPool)

    /// The file path or the password-free server URL, for messages and logs.
    public var description: String {
        switch self {
        case .file(let path): path
        case .postgres(let store): store.displayTarget
        case .shared(let pool): pool.store.displayTarget
        }
    }

    /// The PostgreSQL store, on either PostgreSQL target (nil for a file).
    var postgresStore: PostgresConnectionString? {
        switch self {
        case .file: nil
        case .postgres(let store): store
        case .shared(let pool): pool.store
        }
    }
}
