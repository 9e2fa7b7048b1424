import CLinux
import Glibc

/// Cryptographically secure random bytes from the kernel: `getrandom(2)`, or `/dev/urandom` read
/// in full where that call is missing.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) throws(AccountError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { raw in
                CLinux_getrandom(raw.baseAddress! + filled, count - filled)
            }
            if got > 0 {
                filled += got
            } else if got < 0 && errno == EINTR {
                continue
            } else if got < 0 && errno == ENOSYS {
                return try urandom(count)
            } else {
                throw AccountError.system("getrandom failed (errno \(errno))")
            }
        }
        return buffer
    }

    /// Reads `count` bytes from `/dev/urandom`, retrying short reads.
    static func urandom(_ count: Int) throws(AccountError) -> [UInt8] {
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw AccountError.system("cannot open /dev/urandom (errno \(errno))") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + filled, count - filled) }
            if got > 0 {
                filled += got
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                throw AccountError.system("cannot read /dev/urandom (errno \(errno))")
            }
        }
        return buffer
    }
}
