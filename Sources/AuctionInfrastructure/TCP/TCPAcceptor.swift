import Glibc

/// The loop-confined half of a `TCPListener`: accepts in a loop until `EAGAIN` (`accept4`), handing
/// each new non-blocking connection to `onAccept`. Near the open-file limit it refuses clients as its
/// `DescriptorReserve` says, answering them instead of going quiet. Used only on `loop`'s thread
/// (the listener holds it in a `LoopBound`); deliberately not `Sendable`.
final class TCPAcceptor {
    /// The loop that owns it.
    let loop: EventLoop
    /// The listening socket.
    let fd: CInt
    private let acceptedCount: Mutex<Int>
    let onAccept: (TCPConnection) -> Void
    /// TLS to speak on each connection before `onAccept`, or nil for plaintext.
    private let tls: TLSServerSettings?
    /// The thread TLS handshakes run on (with `tls`).
    private let worker: TLSHandshakeWorker?
    /// What a plaintext client at the TLS port is told (nil: it is closed by the failed handshake).
    let plaintextAnswer: PlaintextAnswer?
    /// Which connections may start a handshake now (per address, per second, in total).
    var admission: HandshakeAdmission
    private let reserve: DescriptorReserve
    /// The open-file limit when listening started, and the lowest descriptor number refused.
    private let openFileLimit: Int
    private let descriptorCeiling: Int
    /// `/dev/null`, held to be given up for one `accept` when the process is out of descriptors.
    private var spare: CInt = -1
    private var refusals: ReportThrottle
    private var registration: UInt64?
    private var closed = false
    /// Whether `close` has run (a handshake ending afterwards is not handed on).
    var isClosed: Bool { closed }
    private var paused = false
    private static let acceptsPerWakeup = 1_024
    private static let pauseAfterDescriptorExhaustionMilliseconds: Int64 = 100

    /// Takes over the listening socket `fd`; counts accepted connections in `acceptedCount`.
    init(fd: CInt, loop: EventLoop, reserve: DescriptorReserve, acceptedCount: Mutex<Int>, tls: TLSServerSettings? = nil,
         worker: TLSHandshakeWorker? = nil, plaintextAnswer: PlaintextAnswer? = nil, onAccept: @escaping (TCPConnection) -> Void) {
        self.tls = tls
        self.worker = worker
        self.plaintextAnswer = plaintextAnswer
        admission = HandshakeAdmission(limits: tls?.limits ?? TLSServerSettings.Limits())
        self.fd = fd
        self.acceptedCount = acceptedCount
        self.loop = loop
        self.onAccept = onAccept
        self.reserve = reserve
        openFileLimit = ProcessLimits.openFileLimit()
        descriptorCeiling = reserve.count > 0 && openFileLimit > 0 ? max(0, openFileLimit - reserve.count) : Int.max
        refusals = ReportThrottle(intervalMilliseconds: reserve.reportIntervalMilliseconds)
        spare = (try? Syscall.openNullDevice()) ?? -1
    }

    /// Stops accepting and closes the socket; connections already accepted stay open.
    func close() {
        guard !closed else { return }
        closed = true
        if let registration { loop.unregister(fd, registration: registration) }
        registration = nil
        Syscall.close(fd)
        releaseSpare()
        worker?.stop()
    }

    /// Registers the socket for readiness and starts accepting.
    func startAccepting() {
        guard !closed, registration == nil else { return }
        do {
            registration = try loop.register(fd, events: LinuxConstants.epollIn, handler: self)
        } catch {
            close()
        }
    }
}

extension TCPAcceptor: EventHandler {
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
            acceptedCount.withLock { $0 += 1 }
            if let tls, let worker {
                handshakeThenAccept(socket, tls: tls, worker: worker)
                continue
            }
            let connection: TCPConnection
            do {
                connection = try TCPConnection(adopting: socket, on: loop)
            } catch {
                Syscall.close(socket)
                continue
            }
            onAccept(connection)
        }
    }

    func loopDidShutDown() {
        registration = nil
        guard !closed else { return }
        closed = true
        Syscall.close(fd)
        releaseSpare()
        worker?.stop()
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
        loop.scheduleOnLoop(afterMilliseconds: Self.pauseAfterDescriptorExhaustionMilliseconds) { [weak self] in
            guard let self, let registration = self.registration, !self.closed else { return }
            self.paused = false
            try? self.loop.modify(self.fd, registration: registration, events: LinuxConstants.epollIn)
        }
    }
}
