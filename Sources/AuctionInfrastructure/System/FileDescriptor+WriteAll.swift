import Glibc

extension FileDescriptor {
    /// Writes every byte (`write(2)`): short writes continue, `EINTR` is retried, and `EAGAIN` on a
    /// non-blocking descriptor waits until it is writable (`poll(POLLOUT)`) instead of spinning or
    /// giving up. Throws the first other error (`EPIPE` when the reader has gone).
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            do {
                offset += try Syscall.write(rawValue, UnsafeRawBufferPointer(start: base + offset, count: bytes.count - offset))
            } catch .wouldBlock {
                try Syscall.waitWritable(rawValue)
            }
        }
    }

    /// Writes every byte of `bytes`; see `writeAll(_:)` for the rules.
    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        var failure: Errno?
        bytes.withUnsafeBytes { buffer in
            do throws(Errno) { try writeAll(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes a string's UTF-8 bytes completely; see `writeAll(_:)` for the rules.
    public func writeAll(_ text: String) throws(Errno) {
        try writeAll(Array(text.utf8))
    }
}
