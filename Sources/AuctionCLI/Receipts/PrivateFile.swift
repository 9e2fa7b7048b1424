import AuctionInfrastructure
import Glibc

/// Why a receipt or verified-head file could not be read or written, in words.
public struct PrivateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// `strerror`'s sentence, or what was wrong with the contents.
    public var reason: String
    /// `<path>: <reason>`.
    public var description: String { "\(path): \(reason)" }
}

/// Files only their owner reads (receipts, verified heads): directories made 0700, files 0600, whole
/// files replaced through a temporary name and `rename`, lines appended with `O_APPEND` in one write.
enum PrivateFile {
    typealias Failure = PrivateFileError

    /// Creates `path` and its missing parents with mode 0700.
    static func makeDirectory(_ path: String) throws(Failure) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            partial += "/" + component
            if mkdir(partial, mode_t(0o700)) != 0 && errno != EEXIST { throw failure(partial) }
        }
    }

    /// The file's bytes, at most `limit` of them; nil when it does not exist.
    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure(path)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw failure(path) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit { throw Failure(path: path, reason: "larger than \(limit) bytes") }
        }
    }

    /// Replaces the file with `bytes` (mode 0600), never leaving a half-written file in its place.
    static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = "\(path).\(getpid()).tmp"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard fd >= 0 else { throw failure(temporary) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        try write(bytes, to: fd, path: temporary)
        guard rename(temporary, path) == 0 else { throw failure(path) }
        renamed = true
    }

    /// Appends `lines` (each ending in a newline) in one `write`, creating the file with mode 0600, so
    /// two commands appending at once never interleave within a line.
    static func append(lines: [UInt8], to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard fd >= 0 else { throw failure(path) }
        try write(lines, to: fd, path: path)
    }

    /// Writes, forces mode 0600, syncs and closes `fd`.
    private static func write(_ bytes: [UInt8], to fd: Int32, path: String) throws(Failure) {
        do {
            try FileDescriptor(rawValue: fd).writeAll(bytes)
        } catch {
            let failure = failure(path)
            close(fd)
            throw failure
        }
        guard fchmod(fd, mode_t(0o600)) == 0, fsync(fd) == 0 else {
            let failure = failure(path)
            close(fd)
            throw failure
        }
        guard close(fd) == 0 else { throw failure(path) }
    }

    private static func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)))
    }
}
