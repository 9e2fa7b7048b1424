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

    /// A new key written to `path` (which must not exist) with mode 0600 and synced.
    private static func create(_ path: String) throws(ServerError) -> Ed25519PrivateKey {
        let key: Ed25519PrivateKey
        do throws(Errno) {
            key = try Ed25519PrivateKey.generate()
        } catch {
            throw .configuration("cannot make a log key: \(error)")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard fd >= 0 else { throw .configuration("cannot create the log key \(path): \(Errno.current)") }
        defer { close(fd) }
        do throws(Errno) {
            try FileDescriptor(rawValue: fd).writeAll(key.pem)
            guard fsync(fd) == 0 else { throw Errno.current }
        } catch {
            unlink(path)
            throw .configuration("cannot write the log key \(path): \(error)")
        }
        return key
    }
}
