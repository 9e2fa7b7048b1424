import AuctionInfrastructure
import Glibc

/// Keeps the `SavedLogin` in `$XDG_CONFIG_HOME/auction/login.json` (else `~/.config/auction/login.json`):
/// the file is created with mode 0600 under a temporary name and renamed into place (never readable
/// by others, even briefly); directories it creates get mode 0700.
public struct SavedLoginStore: Hashable, Sendable {
    /// The directory holding the file.
    public var directory: String

    /// The file's name inside the directory.
    public static let fileName = "login.json"

    /// A store in a given directory.
    public init(directory: String) { self.directory = directory }

    /// The store for an environment: `$XDG_CONFIG_HOME/auction` when that is an absolute path, else
    /// `$HOME/.config/auction`; `noConfigDirectory` when neither is set.
    public init(environment: [String: String]) throws(AccountCommandError) {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            directory = xdg + "/auction"
        } else if let home = environment["HOME"], !home.isEmpty {
            directory = home + "/.config/auction"
        } else {
            throw AccountCommandError.noConfigDirectory
        }
    }

    /// The file's path.
    public var path: String { directory + "/" + SavedLoginStore.fileName }

    /// The saved login, or nil when there is none.
    public func load() throws(AccountCommandError) -> SavedLogin? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure(path)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw failure(path) }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > 65_536 { throw AccountCommandError.unreadable(path: path) }
        }
        guard let login = SavedLogin(json: bytes) else { throw AccountCommandError.unreadable(path: path) }
        return login
    }

    /// Saves the login, replacing any other, with mode 0600 (written whole under another name, then renamed).
    public func save(_ login: SavedLogin) throws(AccountCommandError) {
        try makeDirectory(directory)
        do throws(PrivateFileError) {
            try PrivateFile.replace(path, with: login.json + [UInt8(ascii: "\n")])
        } catch {
            throw .file(path: error.path, reason: error.reason)
        }
    }

    /// Removes the saved login; false when there was none.
    @discardableResult
    public func delete() throws(AccountCommandError) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw failure(path)
    }

    /// Creates the directory and any missing parents with mode 0700.
    private func makeDirectory(_ path: String) throws(AccountCommandError) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            partial += "/" + component
            if mkdir(partial, mode_t(0o700)) != 0 && errno != EEXIST { throw failure(partial) }
        }
    }

    private func failure(_ path: String) -> AccountCommandError {
        .file(path: path, reason: String(cString: strerror(errno)))
    }
}
