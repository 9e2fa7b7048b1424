import AuctionInfrastructure
import Dispatch
import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into calls of `deliver` (on a dispatch queue) instead of death,
/// so a long-running command can stop cleanly: restore the terminal, stop an embedded server,
/// remove temporary files.
///
/// Several may be active at once (the demo holds one from its start to the end of its clean-up,
/// the watch inside it another): a signal reaches every active one, and a signal caught while one
/// was active is delivered at once to any started later (a stop asked for before the watch began
/// still stops it). The default handling comes back when the last one stops.
public final class SignalInput: Sendable {
    private struct Subscriber {
        var signals: [Int32]
        var deliver: @Sendable (Int32) -> Void
    }

    private struct Registry: @unchecked Sendable {
        var installed: Set<Int32> = []
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        var caught: Int32?
        var reader: DispatchSourceRead?
    }

    /// Process-wide: signal dispositions are.
    private static let registry = Mutex(Registry())
    private let id: Int

    /// Starts catching `signals`.
    ///
    /// A real handler (not `SIG_IGN` with a dispatch signal source, which can lose a signal that
    /// lands on a thread not blocking it): it writes the number to a pipe, read on a dispatch queue.
    public init(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], deliver: @escaping @Sendable (Int32) -> Void) {
        let (id, earlier) = Self.registry.withLock { registry -> (Int, Int32?) in
            let id = registry.nextID
            registry.nextID += 1
            registry.subscribers[id] = Subscriber(signals: signals, deliver: deliver)
            if registry.reader == nil, SignalPipe.open() {
                let reader = DispatchSource.makeReadSource(fileDescriptor: SignalPipe.readFD, queue: .global())
                reader.setEventHandler {
                    for number in SignalPipe.drain() { SignalInput.received(number) }
                }
                reader.resume()
                registry.reader = reader
            }
            // Again for each one: a raw terminal's restore-and-die handlers may have come in between.
            for number in signals { SignalPipe.install(number) }
            registry.installed.formUnion(signals)
            return (id, registry.caught.flatMap { signals.contains($0) ? $0 : nil })
        }
        self.id = id
        if let earlier { DispatchQueue.global().async { deliver(earlier) } }
    }

    /// The signal caught while any `SignalInput` was active, if one was (forgotten when the last stops).
    public var caught: Int32? { Self.registry.withLock { $0.caught } }

    /// Stops catching for this one; the signals kill the process again once no other catches them.
    public func stop() {
        Self.registry.withLock { registry in
            guard let subscriber = registry.subscribers.removeValue(forKey: id) else { return }
            for number in subscriber.signals where !registry.subscribers.values.contains(where: { $0.signals.contains(number) }) {
                registry.installed.remove(number)
                signal(number, SIG_DFL)
            }
            if registry.subscribers.isEmpty { registry.caught = nil }
        }
    }

    deinit { stop() }

    private static func received(_ number: Int32) {
        let delivers = registry.withLock { registry -> [@Sendable (Int32) -> Void] in
            registry.caught = number
            return registry.subscribers.values.filter { $0.signals.contains(number) }.map(\.deliver)
        }
        for deliver in delivers { deliver(number) }
    }
}

/// The process-wide self-pipe behind `SignalInput`: the handler writes the signal's number (async-signal-safe).
enum SignalPipe {
    nonisolated(unsafe) static var readFD: Int32 = -1
    nonisolated(unsafe) static var writeFD: Int32 = -1

    /// Creates the pipe once (both ends non-blocking, close-on-exec); false when it cannot be made.
    static func open() -> Bool {
        guard readFD < 0 else { return true }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
        return true
    }

    /// `sigaction(number)` with the handler that writes to the pipe.
    static func install(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            let saved = errno
            _ = write(SignalPipe.writeFD, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    /// The signal numbers written since the last call.
    static func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var numbers: [Int32] = []
        while true {
            let count = read(readFD, &buffer, buffer.count)
            guard count > 0 else { return numbers }
            numbers += buffer[0..<count].map { Int32($0) }
        }
    }
}
