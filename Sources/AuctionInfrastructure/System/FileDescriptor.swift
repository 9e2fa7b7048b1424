import Glibc

/// An open file descriptor, typed (after apple/swift-system's `FileDescriptor`).
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    /// The raw C descriptor.
    public let rawValue: CInt

    /// Wraps a raw C descriptor.
    public init(rawValue: CInt) { self.rawValue = rawValue }

    /// Closes the descriptor (`close(2)`); EINTR is not retried, as on Linux the fd is gone either way.
    public func close() { _ = Syscall.close(rawValue) }

    /// Runs `body` with the descriptor and closes it if `body` throws.
    public func closeAfterFailure<R, E: Error>(_ body: (FileDescriptor) throws(E) -> R) throws(E) -> R {
        do {
            return try body(self)
        } catch {
            close()
            throw error
        }
    }
}
