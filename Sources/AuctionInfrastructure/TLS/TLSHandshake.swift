import Glibc

/// One server TLS handshake on a listener's handshake worker: it owns the accepted socket and its
/// session until the handshake ends, then gives both up through `onEnd` (established), or closes the
/// socket (failed, timed out, plaintext answered, displaced). Before any TLS work it looks at the
/// first byte: plaintext gets the listener's `PlaintextAnswer`. Confined to the worker's loop;
/// deliberately not `Sendable` (the established session leaves it inside a `LoopBound`).
final class TLSHandshake {
    /// How a handshake ended.
    enum Outcome {
        /// Established: the session, and the socket (still open), are the receiver's now.
        case established(TLSSession)
        /// Failed; the sentence says why.
        case failed(String)
        /// Not finished by the deadline.
        case timedOut
        /// The client spoke plaintext; it was answered so.
        case plaintext
        /// Dropped to make room for a handshake from an address holding fewer.
        case displaced
    }

    /// The accepted socket.
    let fd: CInt
    private let loop: EventLoop
    private let context: TLSContext
    private let plaintext: PlaintextAnswer?
    private var session: TLSSession?
    private var registration: UInt64?
    private var deadline: TimerID?
    private var sniffed = false
    private var answered = false
    private var onEnd: ((Outcome) -> Void)?

    /// A handshake on `fd` (accepted, non-blocking) serving `context`, on `loop` (the worker's).
    init(fd: CInt, loop: EventLoop, context: TLSContext, plaintext: PlaintextAnswer?) {
        self.fd = fd
        self.loop = loop
        self.context = context
        self.plaintext = plaintext
    }

    /// Starts waiting for the client's first bytes, until `deadline` (the loop clock's milliseconds,
    /// fixed at accept); `onEnd` runs once (loop thread).
    func start(deadline end: Int64, onEnd: @escaping (Outcome) -> Void) {
        self.onEnd = onEnd
        try? Syscall.setOption(fd, level: CInt(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
        do {
            registration = try loop.register(fd, events: LinuxConstants.epollIn, handler: self)
        } catch {
            return finish(.failed("epoll_ctl: \(error.phrase)"), reset: false)
        }
        deadline = loop.scheduleOnLoop(afterMilliseconds: end - loop.now()) { [weak self] in
            guard let self else { return }
            deadline = nil
            finish(answered ? .plaintext : .timedOut, reset: true)
        }
    }

    /// Drops the handshake with a reset, making room for another address's.
    func drop() {
        finish(.displaced, reset: true)
    }

    /// The first byte tells TLS (a handshake record, `0x16`) from plaintext, before any TLS work.
    private func sniff() {
        let first: UInt8?
        do {
            first = try Syscall.peekByte(fd)
        } catch .wouldBlock {
            return
        } catch {
            return finish(.failed(error.phrase), reset: false)
        }
        guard let first else { return finish(.failed("the peer closed the connection before its TLS hello"), reset: false) }
        sniffed = true
        if let plaintext, plaintext.matches(first) { return answer(plaintext.answer) }
        do {
            session = try TLSSession(context: context, fd: fd, host: nil)
        } catch {
            return finish(.failed(error.description), reset: false)
        }
        advance()
    }

    /// One step of the handshake, as the socket's readiness allows.
    private func advance() {
        guard let session else { return }
        switch session.handshake() {
        case .done:
            self.session = nil
            release()
            let onEnd = onEnd
            self.onEnd = nil
            onEnd?(.established(session))
        case .wantRead:
            interest(LinuxConstants.epollIn)
        case .wantWrite:
            interest(LinuxConstants.epollOut)
        case .closed:
            finish(.failed("the peer closed the connection during the TLS handshake"), reset: false)
        case .failed(let reason), .refused(let reason):
            finish(.failed(reason), reset: false)
        }
    }

    /// Tells a plaintext client so: what it sent is read and dropped (so closing does not reset the
    /// answer away), the answer sent and the output half-closed; its end of stream (or the deadline) ends it.
    private func answer(_ bytes: [UInt8]) {
        answered = true
        guard drainInput() else { return finish(.plaintext, reset: false) }
        _ = try? bytes.withUnsafeBytes { bytes throws(Errno) in try Syscall.send(fd, bytes) }
        try? Syscall.shutdown(fd, how: CInt(SHUT_WR))
    }

    /// Reads and drops what has arrived; false at end of stream or on an error.
    private func drainInput() -> Bool {
        for _ in 0..<16 {
            do {
                if try Syscall.read(fd, into: loop.readBuffer) == 0 { return false }
            } catch .wouldBlock {
                return true
            } catch {
                return false
            }
        }
        return true
    }

    private func interest(_ events: UInt32) {
        guard let registration else { return }
        do {
            try loop.modify(fd, registration: registration, events: events)
        } catch {
            finish(.failed("epoll_ctl: \(error.phrase)"), reset: false)
        }
    }

    /// Leaves the worker's epoll and deadline; the socket stays open.
    private func release() {
        if let registration { loop.unregister(fd, registration: registration) }
        registration = nil
        if let deadline { loop.cancel(deadline) }
        deadline = nil
    }

    /// Ends the handshake short of a session: closes the socket (with a reset when `reset`), once.
    private func finish(_ outcome: Outcome, reset: Bool) {
        guard let onEnd else { return }
        self.onEnd = nil
        release()
        session = nil  // no close_notify: the session never started, or is dropped
        if reset { try? Syscall.setLinger(fd, seconds: 0) }
        Syscall.close(fd)
        onEnd(outcome)
    }
}

extension TLSHandshake: EventHandler {
    func handleEvents(_ events: UInt32) {
        if answered {
            if !drainInput() { finish(.plaintext, reset: false) }
        } else if !sniffed {
            sniff()
        } else {
            advance()
        }
    }

    func loopDidShutDown() {
        registration = nil
        finish(.failed("the listener stopped"), reset: true)
    }
}

@available(*, unavailable, message: "a TLSHandshake is confined to its worker's loop")
extension TLSHandshake: Sendable {}
