import AuctionInfrastructure
import Glibc

/// The keyboard and window of a full-screen command: raw mode on stdin, the alternate screen, keys
/// and resizes read on a thread of their own and handed to `deliver`. `stop()` (or process exit, or
/// a fatal signal) restores the terminal. Not `Sendable`: start and stop it from one task.
final class TerminalInput {
    /// What the input thread reports.
    enum Event: Sendable {
        /// Keys pressed, in order.
        case keys([Key])
        /// The window's new size.
        case resized(TerminalSize)
    }

    private let raw: RawTerminal
    private let resize: ResizeNotifier?
    private let stopPipe: (read: Int32, write: Int32)
    private var thread: WorkerThread?

    /// Enters raw mode and, when `fullScreen`, the alternate screen (written to `output`); without it
    /// (a `TERM=dumb` terminal printing lines) only the keys are read and no escape sequence is written.
    init(output: any OutputSink, fullScreen: Bool = true) throws(CommandError) {
        do {
            raw = try RawTerminal(fileDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO,
                                  leaveSequence: fullScreen ? ANSI.restoreScreen : "")
        } catch {
            throw .terminal("cannot use the terminal for keys (\(error)); pipe the output to watch without keys")
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            raw.restore()
            throw .terminal("cannot create a pipe: \(Errno(rawValue: errno))")
        }
        stopPipe = (fds[0], fds[1])
        resize = ResizeNotifier()
        if fullScreen { output.write(ANSI.enterAlternateScreen + ANSI.hideCursor) }
    }

    /// Starts the reading thread; `deliver` is called on it.
    func start(_ deliver: @escaping @Sendable (Event) -> Void) {
        guard thread == nil else { return }
        let stopFD = stopPipe.read
        let resizeFD = resize?.fileDescriptor ?? -1
        let worker = WorkerThread(name: "auction-keys")
        worker.submit { TerminalInput.readLoop(stopFD: stopFD, resizeFD: resizeFD, deliver: deliver) }
        thread = worker
    }

    /// Stops the thread, restores the terminal (normal screen, cursor, cooked mode); safe to call twice.
    func stop() {
        if let thread {
            self.thread = nil
            var byte: UInt8 = 1
            _ = write(stopPipe.write, &byte, 1)
            thread.shutdown()
        }
        raw.restore()
        if stopPipe.read >= 0 {
            close(stopPipe.read)
            close(stopPipe.write)
        }
    }

    deinit { stop() }

    private static func readLoop(stopFD: Int32, resizeFD: Int32, deliver: @Sendable (Event) -> Void) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: resizeFD, events: Int16(POLLIN), revents: 0)]
        while true {
            // A lone ESC waits 50 ms for the rest of a sequence.
            let timeout: Int32 = decoder.hasPending ? 50 : -1
            for index in fds.indices { fds[index].revents = 0 }
            let ready = poll(&fds, nfds_t(resizeFD >= 0 ? 3 : 2), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                let keys = decoder.flushPending()
                if !keys.isEmpty { deliver(.keys(keys)) }
                continue
            }
            if fds[1].revents != 0 { return }
            if resizeFD >= 0, fds[2].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(resizeFD, &drain, drain.count) > 0 {}
                if let size = TerminalSize.current(fileDescriptor: STDOUT_FILENO) { deliver(.resized(size)) }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 {
                    let keys = decoder.feed(buffer[0..<count])
                    if !keys.isEmpty { deliver(.keys(keys)) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    // The terminal went away: behave as if the user quit.
                    deliver(.keys([.endOfInput]))
                    return
                }
            }
        }
    }
}
