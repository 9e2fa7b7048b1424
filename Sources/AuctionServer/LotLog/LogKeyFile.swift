import AuctionInfrastructure
import Glibc

/// The house's log signing key on disk: a PEM file (PKCS #8, what `openssl genpkey -algorithm ed25519`
/// writes), created at first start with mode 0600, refused when others may read it.
enum LogKeyFile {
    /// The key at `path`, created there first when there is no file.
    static func loadOrCreate(_ path: String) throws(ServerError) -> Ed25519PrivateKey {
        var status = stat()
        if stat(path, &status) != 0 {
            guard errno == ENOENT else { throw .configuration("cannot read the log key \(path): \(Errno.current)") }
            return try create(path)
        }
        guard status.st_mode & 0o077 == 0 else {
            throw .configuration("the log key \(path) may be read by others (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 \(path)")
        }
        let text: String
        do throws(Errno) {
            text = try ProcessEnvironment.readTextFile(path)
        } catch {
            throw .configuration("cannot read the log key \(path): \(error)")
        }
        guard let key = Ed25519PrivateKey(pem: Array(text.utf8)) else {
            throw .configuration("the log key \(path) is not an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519)")
        }
        return key
    }

    /// A new key at `path`, or the key another process put there first. The key is written whole to a
    /// temporary file and linked into place, so a node starting beside another never reads half a key.
    private static func create(_ path: String) throws(ServerError) -> Ed25519PrivateKey {
        let key: Ed25519PrivateKey
        do throws(Errno) {
            key = try Ed25519PrivateKey.generate()
        } catch {
            throw .configuration("cannot make a log key: \(error)")
        }
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // mode 0600
        guard fd >= 0 else { throw .configuration("cannot create the log key \(path): \(Errno.current)") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporary) }
        do throws(Errno) {
            defer { close(fd) }
            try FileDescriptor(rawValue: fd).writeAll(key.pem)
            guard fsync(fd) == 0 else { throw Errno.current }
        } catch {
            throw .configuration("cannot write the log key \(path): \(error)")
        }
        guard link(temporary, path) == 0 else {
            guard errno == EEXIST else { throw .configuration("cannot create the log key \(path): \(Errno.current)") }
            return try loadOrCreate(path)  // another node made it first: use theirs
        }
        syncDirectory(of: path)
        return key
    }

    /// Makes the new name of the key file durable.
    private static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
