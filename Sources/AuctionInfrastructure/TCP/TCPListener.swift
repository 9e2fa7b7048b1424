import Glibc

/// A listening TCP socket on an `EventLoop`; accepts in a loop until `EAGAIN` (`accept4`),
/// handing each new non-blocking connection to `onAccept` on the loop thread. Near the open-file
/// limit it refuses clients as its `DescriptorReserve` says, answering them instead of going quiet.
// @unchecked Sendable: all state is touched only on `loop`; other threads reach it only through `loop.execute`.
public final class TCPListener: @unchecked Sendable {
    /// The loop that owns this listener.
    public let loop: EventLoop
    /// The bound address; the real port when 0 was asked.
    public let address: SocketAddress
    /// The number of connections accepted so far (loop thread).
    public private(set) var acceptedCount = 0

    let fd: CInt
    private let onAccept: (TCPConnection) -> Void
    private let reserve: DescriptorReserve
    /// The open-file limit when listening started, and the lowest descriptor number refused.
    private let openFileLimit: Int
    private let descriptorCeiling: Int
    /// `/dev/null`, held to be given up for one `accept` when the process is out of descriptors.
    private var spare: CInt = -1
    private var refusals: ReportThrottle
    private var registration: UInt64?
    private var closed = false
    private var paused = false
    private static let acceptsPerWakeup = 1_024
    private static let pauseAfterDescriptorExhaustionMilliseconds: Int64 = 100

    private init(fd: CInt, address: SocketAddress, loop: EventLoop, reserve: DescriptorReserve,
                 onAccept: @escaping (TCPConnection) -> Void) {
        self.fd = fd
        self.address = address
        self.loop = loop
        self.onAccept = onAccept
        self.reserve = reserve
        openFileLimit = ProcessLimits.openFileLimit()
        descriptorCeiling = reserve.count > 0 && openFileLimit > 0 ? max(0, openFileLimit - reserve.count) : Int.max
        refusals = ReportThrottle(intervalMilliseconds: reserve.reportIntervalMilliseconds)
        spare = (try? Syscall.openNullDevice()) ?? -1
    }

    /// Binds `host:port` (port 0: any free port) with `SO_REUSEADDR`, listens, and starts accepting on
    /// `loop`. Callable from any thread; `onAccept` runs on the loop thread.
    public static func listen(
        host: String, port: Int, backlog: Int32 = 4_096, on loop: EventLoop,
        reserve: DescriptorReserve = DescriptorReserve(),
        onAccept: @escaping (TCPConnection) -> Void
    ) throws(SocketError) -> TCPListener {
        guard (0...65_535).contains(port) else { throw .invalidPort(port) }
        guard !loop.isShuttingDown else { throw .eventLoopShutdown }
        let requested = SocketAddress(host: host, port: port)
        let candidates = try AddressResolver.resolve(host: host, port: port, passive: true).get()
        // A name such as "localhost" may give ::1 and 127.0.0.1: listen on IPv4 then, the likelier target.
        let storage = candidates.first { $0.family == AF_INET } ?? candidates[0]
        let fd: CInt
        do {
            fd = try Syscall.socket(family: storage.family)
        } catch {
            throw .systemCall("socket", error)
        }
        let bound: SocketAddress
        do {
            bound = try FileDescriptor(rawValue: fd).closeAfterFailure { (_) throws(Errno) -> SocketAddress in
                try Syscall.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
                try Syscall.bind(fd, storage)
                try Syscall.listen(fd, backlog: backlog)
                return try Syscall.localAddress(fd).socketAddress
            }
        } catch {
            throw .bind(requested, error)
        }
        let listener = TCPListener(fd: fd, address: bound, loop: loop, reserve: reserve, onAccept: onAccept)
        if loop.inEventLoop {
            listener.startAccepting()
        } else {
            loop.execute { listener.startAccepting() }
        }
        return listener
    }

    /// Stops accepting and closes the socket; connections already accepted stay open. Any thread.
    public func close() {
        guard loop.inEventLoop else { return loop.execute { self.close() } }
        guard !closed else { return }
        closed = true
        if let registration { loop.unregister(fd, registration: registration) }
        registration = nil
        Syscall.close(fd)
        releaseSpare()
    }

    private func startAccepting() {
        guard !closed, registration == nil else { return }
        do {
            registration = try loop.register(fd, events: LinuxConstants.epollIn, handler: self)
        } catch {
            close()
        }
    }
}

extension TCPListener: EventHandler {
    func handleEvents(_ events: UInt32) {
        for _ in 0..<Self.acceptsPerWakeup {
            guard !closed else { return }
            let socket: CInt
            do {
                socket = try Syscall.accept(fd)
            } catch .wouldBlock {
                return
            } catch let error where error == .tooManyOpenFiles || error == .tooManyOpenFilesInSystem {
                guard refuseWithSpare(error) else { return pauseAccepting() }
                continue
            } catch Errno(rawValue: ENOBUFS), Errno(rawValue: ENOMEM) {
                return pauseAccepting()
            } catch {
                continue  // ECONNABORTED, EPROTO, network errors: that one connection is gone; go on.
            }
            if socket >= descriptorCeiling {
                refuse(socket, error: nil)
                continue
            }
            let connection: TCPConnection
            do {
                connection = try TCPConnection(adopting: socket, on: loop)
            } catch {
                Syscall.close(socket)
                continue
            }
            acceptedCount += 1
            onAccept(connection)
        }
    }

    func loopDidShutDown() {
        registration = nil
        guard !closed else { return }
        closed = true
        Syscall.close(fd)
        releaseSpare()
    }

    /// Out of descriptors: gives up the spare for one `accept`, refuses that client, takes the spare
    /// back. False when there is no spare or the accept failed otherwise (then accepting pauses).
    private func refuseWithSpare(_ error: Errno) -> Bool {
        guard spare >= 0 else { return false }
        releaseSpare()
        defer { spare = (try? Syscall.openNullDevice()) ?? -1 }
        guard let socket = try? Syscall.accept(fd) else { return false }
        refuse(socket, error: error)
        return true
    }

    /// Tells a client it is refused (best effort: its waiting input is read and dropped, so closing
    /// does not reset the answer away), closes it, and reports now and then.
    private func refuse(_ socket: CInt, error: Errno?) {
        if !reserve.refusal.isEmpty {
            _ = try? Syscall.read(socket, into: loop.readBuffer)
            _ = try? reserve.refusal.withUnsafeBytes { bytes throws(Errno) in try Syscall.send(socket, bytes) }
        }
        Syscall.close(socket)
        guard let count = refusals.note(now: loop.now()), let report = reserve.onRefusals else { return }
        report(AcceptRefusals(count: count, error: error, openFileLimit: openFileLimit, reserve: reserve.count))
    }

    private func releaseSpare() {
        if spare >= 0 { Syscall.close(spare) }
        spare = -1
    }

    /// Out of descriptors: stop listening for readiness for a while instead of spinning.
    private func pauseAccepting() {
        guard let registration, !paused else { return }
        paused = true
        try? loop.modify(fd, registration: registration, events: 0)
        loop.schedule(afterMilliseconds: Self.pauseAfterDescriptorExhaustionMilliseconds) { [weak self] in
            guard let self, let registration = self.registration, !self.closed else { return }
            self.paused = false
            try? self.loop.modify(self.fd, registration: registration, events: LinuxConstants.epollIn)
        }
    }
}
