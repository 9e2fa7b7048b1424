extension ServerError {
    /// The process's exit status when `start()` fails (docs/SERVER.md, "Exit codes"): 2 when a setting is
    /// wrong (a TLS certificate or key that cannot be used, a database folder that cannot be made, a
    /// `--store` libpq cannot read, a wrong password or user, an unknown database), 3 when the store
    /// cannot be used (unreachable, refusing connections, a newer schema, a database file in use), 1 for
    /// anything else (a port taken: another process may free it, so a restart may help).
    public var exitCode: Int32 {
        if case .tls = self { return 2 }
        if case .configuration = self { return 2 }
        guard case .store(let error) = self else { return 1 }
        switch error {
        case .invalidConnectionString, .cannotCreateDirectory, .noDataDirectory:
            return 2
        case .postgres(let state, _, _):
            // Refusals at connect carry no SQLSTATE; 28… is authentication, 3D000 an unknown database.
            return state.isEmpty || state.hasPrefix("28") || state == "3D000" ? 2 : 3
        case .unavailable, .inUse, .schemaTooNew:
            return 3
        default:
            return 1
        }
    }
}
