import Foundation

/// Where the server keeps its database when no `--db` is given.
public enum StoreLocation {
    /// `$XDG_DATA_HOME/auction/auction.sqlite`, else `$HOME/.local/share/auction/auction.sqlite`.
    ///
    /// A relative `XDG_DATA_HOME` is ignored, as the XDG base directory spec asks.
    public static func defaultDatabasePath(environment: [String: String]) throws(StoreError) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return trimmed(data) + "/auction/auction.sqlite"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw StoreError.noDataDirectory
        }
        return trimmed(home) + "/.local/share/auction/auction.sqlite"
    }

    /// The default path for this process's environment, with its folder created (mode 0700).
    public static func preparedDefaultDatabasePath() throws(StoreError) -> String {
        let path = try defaultDatabasePath(environment: ProcessInfo.processInfo.environment)
        try createDirectory(containing: path)
        return path
    }

    /// Creates the folder that will hold `path` (and its parents) when missing.
    public static func createDirectory(containing path: String) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotCreateDirectory(path: folder, reason: "\(error.localizedDescription)")
        }
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : path
    }
}
