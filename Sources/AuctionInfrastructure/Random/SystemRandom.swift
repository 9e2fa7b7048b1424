import CLinux
import Glibc

/// Unpredictable bytes from the kernel: `getrandom(2)`, or `/dev/urandom` read in full where that
/// call is missing. For secrets and keys (session tokens, salts, idempotency keys); not seeded.
public enum SystemRandom {
    /// `count` random bytes; `Errno` when the kernel cannot give them.
    public static func bytes(_ count: Int) throws(Errno) -> [UInt8] {
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
                throw Errno.current
            }
        }
        return buffer
    }

    /// `count` random bytes written as `2 × count` lower-case hexadecimal digits.
    public static func hex(_ count: Int) throws(Errno) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in try bytes(count) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads `count` bytes from `/dev/urandom`, retrying short reads.
    static func urandom(_ count: Int) throws(Errno) -> [UInt8] {
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Errno.current }
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
                throw got == 0 ? Errno(rawValue: EIO) : Errno.current
            }
        }
        return buffer
    }
}
