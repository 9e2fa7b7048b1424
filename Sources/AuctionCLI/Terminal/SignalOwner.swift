import AuctionInfrastructure
import Glibc

/// The one owner of SIGINT, SIGTERM, SIGHUP and SIGQUIT in the `auction` process.
///
/// One handler, installed once and never replaced: while some `SignalInput` catches the signal it
/// is handed over (a byte on a self-pipe, read by the `auction-signals` thread); otherwise the raw
/// terminal is restored and the signal re-raised with its default action, so the process still
/// ends. Nothing else sets these signals' dispositions, so a SIGTERM that arrives while chat shuts
/// down can no longer kill the process with the terminal still raw.
enum SignalOwner {
    /// The signals this owner handles.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    private static let lock = ConditionLock()
    nonisolated(unsafe) private static var installed = false
    /// How many catchers want each signal; read by the handler (plain aligned `Int32`s, set once allocated).
    nonisolated(unsafe) private static let catching: UnsafeMutablePointer<Int32> = {
        let counts = UnsafeMutablePointer<Int32>.allocate(capacity: 65)
        counts.initialize(repeating: 0, count: 65)
        return counts
    }()
    nonisolated(unsafe) private static var pipeWrite: Int32 = -1
    nonisolated(unsafe) private static var catchers: [Int: (signals: [Int32], deliver: @Sendable (Int32) -> Void)] = [:]
    nonisolated(unsafe) private static var nextCatcher = 0
    nonisolated(unsafe) private static var reader: WorkerThread?
    /// The signal last handed to catchers; forgotten when the last catcher stops.
    nonisolated(unsafe) private static var lastCaught: Int32?
    /// Catchers started after `lastCaught` arrived, still owed it (handed over on the signals thread).
    nonisolated(unsafe) private static var owed: [Int: Int32] = [:]
    /// The byte on the self-pipe that means "deliver what is owed" (no signal is numbered 0).
    private static let owedMarker: UInt8 = 0

    /// Installs the one handler for `handled` (idempotent).
    static func install() {
        lock.withLock {
            guard !installed else { return }
            installed = true
            _ = catching
            var fds: [Int32] = [-1, -1]
            if pipe(&fds) == 0 {
                for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
                pipeWrite = fds[1]
                let thread = WorkerThread(name: "auction-signals")
                let readFD = fds[0]
                thread.submit { SignalOwner.readSignals(from: readFD) }
                reader = thread
            }
            for number in handled {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { number in SignalOwner.handle(number) }
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_RESTART
                sigaction(number, &action, nil)
            }
        }
    }

    /// Starts handing `signals` to `deliver` (on the `auction-signals` thread); returns the catcher's id.
    static func startCatching(_ signals: [Int32], deliver: @escaping @Sendable (Int32) -> Void) -> Int {
        install()
        let (id, isOwed) = lock.withLock { () -> (Int, Bool) in
            nextCatcher += 1
            catchers[nextCatcher] = (signals, deliver)
            for number in signals where (1...64).contains(number) { catching[Int(number)] += 1 }
            guard let earlier = lastCaught, signals.contains(earlier) else { return (nextCatcher, false) }
            owed[nextCatcher] = earlier
            return (nextCatcher, true)
        }
        if isOwed && pipeWrite >= 0 {
            var marker = owedMarker
            _ = write(pipeWrite, &marker, 1)
        }
        return id
    }

    /// The signal caught while any catcher was active, if one was.
    static var caught: Int32? { lock.withLock { lastCaught } }

    /// Stops the catcher `id`; its signals fall back to "restore the terminal, then the default action".
    static func stopCatching(_ id: Int) {
        lock.withLock {
            guard let catcher = catchers.removeValue(forKey: id) else { return }
            for number in catcher.signals where (1...64).contains(number) { catching[Int(number)] -= 1 }
            owed[id] = nil
            if catchers.isEmpty { lastCaught = nil }
        }
    }

    /// Whether `number` is currently handed to a catcher (for tests and diagnostics).
    static func isCaught(_ number: Int32) -> Bool {
        lock.withLock { (1...64).contains(number) && catching[Int(number)] > 0 }
    }

    /// Async-signal-safe: hand over to a catcher, or restore the terminal and die of the signal.
    private static func handle(_ number: Int32) {
        if number >= 1 && number <= 64 && catching[Int(number)] > 0 && pipeWrite >= 0 {
            var byte = UInt8(truncatingIfNeeded: number)
            let saved = errno
            _ = write(pipeWrite, &byte, 1)
            errno = saved
            return
        }
        RawTerminalState.restoreNow()
        signal(number, SIG_DFL)
        raise(number)
    }

    /// The `auction-signals` thread: reads signal numbers and calls the catchers that want them.
    private static func readSignals(from fd: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            let deliveries = lock.withLock { () -> [(@Sendable (Int32) -> Void, Int32)] in
                if byte == owedMarker {
                    let due = owed.compactMap { id, number in catchers[id].map { ($0.deliver, number) } }
                    owed.removeAll()
                    return due
                }
                let number = Int32(byte)
                guard !catchers.isEmpty else { return [] }
                lastCaught = number
                return catchers.values.filter { $0.signals.contains(number) }.map { ($0.deliver, number) }
            }
            for (deliver, number) in deliveries { deliver(number) }
        }
    }
}
