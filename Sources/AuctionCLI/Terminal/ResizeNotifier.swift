import Glibc

/// Turns SIGWINCH (terminal resized) into a readable descriptor: poll `fileDescriptor`, then call `drain()`.
///
/// A self-pipe: the signal handler writes one byte, so it stays async-signal-safe. One per process.
public final class ResizeNotifier {
    /// The read end of the pipe; it becomes readable after a resize.
    public var fileDescriptor: Int32 { ResizePipe.readFD }

    /// Installs the SIGWINCH handler; nil if the pipe cannot be created or one is already installed.
    public init?() {
        guard ResizePipe.open() else { return nil }
    }

    /// Reads away pending notifications; returns whether there was at least one resize.
    @discardableResult
    public func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while true {
            let count = read(ResizePipe.readFD, &buffer, buffer.count)
            if count > 0 { any = true; continue }
            return any
        }
    }

    /// Restores the default SIGWINCH handling and closes the pipe.
    deinit { ResizePipe.close() }
}

/// The process-wide pipe behind `ResizeNotifier`.
enum ResizePipe {
    nonisolated(unsafe) static var readFD: Int32 = -1
    nonisolated(unsafe) static var writeFD: Int32 = -1

    static func open() -> Bool {
        guard readFD < 0 else { return false }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            let saved = errno
            _ = write(ResizePipe.writeFD, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)
        return true
    }

    static func close() {
        signal(SIGWINCH, SIG_DFL)
        if readFD >= 0 { Glibc.close(readFD) }
        if writeFD >= 0 { Glibc.close(writeFD) }
        readFD = -1
        writeFD = -1
    }
}
