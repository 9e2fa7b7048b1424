import Glibc

/// A POSIX error number, typed (after apple/swift-system's `Errno`).
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw C `errno` value.
    public var rawValue: CInt

    /// Wraps a raw C `errno` value.
    public init(rawValue: CInt) { self.rawValue = rawValue }

    /// The calling thread's current `errno`.
    public static var current: Errno { Errno(rawValue: errno) }

    /// The C library's text for this error (`strerror`), e.g. "Connection refused".
    public var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    /// The description with a lower-case first letter, for use inside a sentence.
    public var phrase: String {
        let text = description
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// `EINTR`: the call was interrupted by a signal.
    public static let interrupted = Errno(rawValue: EINTR)
    /// `EAGAIN`/`EWOULDBLOCK`: the operation would block.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EINPROGRESS`: a non-blocking connect is under way.
    public static let inProgress = Errno(rawValue: EINPROGRESS)
    /// `ECONNREFUSED`: nobody listens at the address.
    public static let connectionRefused = Errno(rawValue: ECONNREFUSED)
    /// `ECONNRESET`: the peer reset the connection.
    public static let connectionReset = Errno(rawValue: ECONNRESET)
    /// `ECONNABORTED`: a pending connection was aborted before accept.
    public static let connectionAborted = Errno(rawValue: ECONNABORTED)
    /// `EPIPE`: writing to a connection the peer has closed.
    public static let brokenPipe = Errno(rawValue: EPIPE)
    /// `EMFILE`: the process is out of file descriptors.
    public static let tooManyOpenFiles = Errno(rawValue: EMFILE)
    /// `ENFILE`: the system is out of file descriptors.
    public static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
    /// `EADDRINUSE`: the address is already bound.
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    /// `ETIMEDOUT`: the operation timed out in the kernel.
    public static let timedOut = Errno(rawValue: ETIMEDOUT)
    /// `ENOSYS`: the function is not available on this system.
    public static let notImplemented = Errno(rawValue: ENOSYS)
}
