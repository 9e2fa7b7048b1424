import Glibc

/// Keeps the saved login in `<config dir>/session` with mode 0600 (directory 0700).
public struct SessionFile: Hashable, Sendable {
    /// Why the session file could not be used.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// A system call failed on this path.
        case systemCall(path: String, errno: Int32)
        /// The file exists but is not a session file.
        case malformed(path: String)

        /// A sentence for the user.
        public var description: String {
            switch self {
            case .systemCall(let path, let code): "cannot use \(path): \(String(cString: strerror(code)))"
            case .malformed(let path): "\(path) is damaged; run `auction logout` and log in again"
            }
        }
    }

    /// The file's path.
    public var path: String

    /// The session file at a path (normally `ConfigurationPaths.sessionFile`).
    public init(path: String) { self.path = path }

    /// The saved session, or nil when there is none.
    public func load() throws(Failure) -> Session? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .systemCall(path: path, errno: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .systemCall(path: path, errno: errno) }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        var values: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[line[..<equals].trimmingBlanks()] = line[line.index(after: equals)...].trimmingBlanks()
        }
        guard let user = values["user"], let token = values["token"], !token.isEmpty else { throw .malformed(path: path) }
        return Session(user: user, token: token, server: values["server"] ?? "")
    }

    /// Saves a session atomically (temporary file with mode 0600, then rename), creating the directory.
    public func save(_ session: Session) throws(Failure) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty { try SessionFile.makeDirectories(directory) }
        let temporary = path + ".tmp\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .systemCall(path: temporary, errno: errno) }
        let text = "user = \(session.user)\ntoken = \(session.token)\nserver = \(session.server)\n"
        let written = TerminalOutput.write(Array(text.utf8), to: fd)
        let synced = fsync(fd) == 0
        close(fd)
        guard written, synced, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .systemCall(path: path, errno: code)
        }
    }

    /// Deletes the saved session; returns whether there was one.
    @discardableResult
    public func delete() throws(Failure) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .systemCall(path: path, errno: errno)
    }

    private static func makeDirectories(_ directory: String) throws(Failure) {
        var current = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST { throw .systemCall(path: current, errno: errno) }
        }
    }
}
