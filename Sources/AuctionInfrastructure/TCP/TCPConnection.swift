import Glibc

/// A non-blocking TCP connection owned by one `EventLoop`. Use it only on that loop's thread;
/// deliberately not `Sendable` (hand it to another thread inside a `LoopBound`).
/// Writes are queued and flushed once per loop iteration (coalesced); `EAGAIN` waits for `EPOLLOUT`.
public final class TCPConnection {
    enum State { case open, closing, closed }
    enum OutputShutdown { case none, requested, done }

    /// The default bound of queued output bytes (`outputLimit`): 4 MiB.
    public static let defaultOutputLimit = 4 << 20

    /// The loop that owns this connection.
    public let loop: EventLoop
    /// The peer's address.
    public let remoteAddress: SocketAddress
    /// This end's address.
    public let localAddress: SocketAddress
    /// Called with bytes as they arrive; the buffer is valid only during the call.
    public var onRead: ((UnsafeRawBufferPointer) -> Void)?
    /// Called once when the connection ends; nil error means a clean end (EOF, `close`, `abort`).
    public var onClose: ((SocketError?) -> Void)?
    /// If set, the peer's half-close (EOF) calls this and the connection stays open for writing until
    /// `close`; if nil, EOF closes the connection (after one attempt to send what is queued).
    public var onInputClosed: (() -> Void)?
    /// Called each time the queued output has all been handed to the kernel (resume producing after a refused write).
    public var onOutputDrained: (() -> Void)?
    /// The most bytes that may wait in the output queue; `write` refuses beyond it.
    public var outputLimit = TCPConnection.defaultOutputLimit
    /// How long `close` waits for queued output to drain before it aborts.
    public var closeTimeoutMilliseconds: Int64 = 10_000
    /// The number of `send` system calls made so far (to observe write coalescing).
    public internal(set) var writeSystemCallCount = 0
    /// When set, each `send` carries at most this many bytes and ends just after a delimiter byte — for a
    /// peer that reads in fixed-size chunks and cannot join a message cut across two of them.
    public var sendBoundary: SendBoundary?
    /// Whether a failed send first reads what the peer already sent before reporting the failure: an
    /// answer written just before the peer reset (an HTTP server refusing a body from its head) is
    /// then not lost with the connection. Off by default (a server need not read from a dead peer).
    public var readsInputBeforeSendFailure = false
    /// The most bytes one `send` has carried (to observe `sendBoundary`).
    public internal(set) var largestSendBytes = 0
    /// Bytes the kernel has accepted from this connection so far (wraps, never traps): a socket whose
    /// count stops moving while output waits is not being read.
    public internal(set) var sentByteCount = 0

    let fd: CInt
    var registration: UInt64 = 0
    var state = State.open
    var outputShutdown = OutputShutdown.none
    var output: [UInt8] = []
    var outputStart = 0
    var inputClosed = false
    var readingPaused = false
    var flushQueued = false
    var awaitingWritable = false
    var closeTimer: TimerID?
    /// The TLS session when this connection speaks TLS (`TCPConnection+TLS.swift`).
    var tls: TLSSession?
    /// Called once when the TLS handshake ends (nil: established).
    var tlsHandshakeDone: ((SocketError?) -> Void)?
    /// A TLS write waits for the socket to become readable (the peer's record must be read first).
    var tlsWriteWantsRead = false

    /// Adopts a connected non-blocking socket and registers it with `loop` (loop thread); with
    /// `establishedTLS`, the session whose handshake finished elsewhere (its owner hands it over).
    init(adopting fd: CInt, on loop: EventLoop, establishedTLS: TLSSession? = nil) throws(Errno) {
        self.loop = loop
        self.fd = fd
        tls = establishedTLS
        try? Syscall.setOption(fd, level: CInt(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
        remoteAddress = (try? Syscall.remoteAddress(fd).socketAddress) ?? SocketAddress(host: "?", port: 0)
        localAddress = (try? Syscall.localAddress(fd).socketAddress) ?? SocketAddress(host: "?", port: 0)
        registration = try loop.register(fd, events: LinuxConstants.epollIn, handler: self)
    }

    /// The bytes queued and not yet accepted by the kernel.
    public var bufferedOutputBytes: Int { output.count - outputStart }

    /// Whether the connection is open for writing (not closing, closed or half-closed).
    public var isWritable: Bool { state == .open && outputShutdown == .none }

    /// Whether `close`, `abort` or the peer has ended the connection.
    public var isClosed: Bool { state == .closed }

    /// Queues `bytes`; false (nothing queued) when over `outputLimit` or no longer writable.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        assert(loop.inEventLoop, "TCPConnection used off its event loop")
        guard isWritable, bytes.count <= outputLimit - bufferedOutputBytes else { return false }
        guard !bytes.isEmpty else { return true }
        if outputStart > 0 && outputStart >= output.count / 2 {
            output.removeSubrange(0..<outputStart)
            outputStart = 0
        }
        output.append(contentsOf: bytes)
        requestFlush()
        return true
    }

    /// Queues `bytes`; false (nothing queued) when over `outputLimit` or no longer writable.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Half-closes: once the queue drains, `shutdown(SHUT_WR)`; the peer sees EOF and may still send.
    public func shutdownOutput() {
        assert(loop.inEventLoop, "TCPConnection used off its event loop")
        guard state == .open, outputShutdown == .none else { return }
        outputShutdown = .requested
        if bufferedOutputBytes == 0 { finishOutputShutdown() } else { requestFlush() }
    }

    /// Sends what is queued (best effort, within `closeTimeoutMilliseconds`), then closes; `onClose(nil)` fires.
    public func close() {
        assert(loop.inEventLoop, "TCPConnection used off its event loop")
        guard state == .open else { return }
        guard bufferedOutputBytes > 0 else { return closeNow(nil) }
        state = .closing
        requestFlush()
        closeTimer = loop.scheduleOnLoop(afterMilliseconds: closeTimeoutMilliseconds) { [weak self] in
            self?.abort()
        }
    }

    /// Closes now, dropping the queue, with a reset (`SO_LINGER` 0); `onClose(nil)` fires.
    public func abort() {
        abort(reporting: nil)
    }

    /// Closes now like `abort()`, and reports `error` through `onClose` (e.g. `.outputLimitExceeded`).
    public func abort(reporting error: SocketError?) {
        assert(loop.inEventLoop, "TCPConnection used off its event loop")
        guard state != .closed else { return }
        try? Syscall.setLinger(fd, seconds: 0)
        tls = nil  // a reset, not a close_notify
        closeNow(error)
    }

    /// Stops reading from the socket (input back-pressure) until `resumeReading`; errors still arrive.
    public func pauseReading() {
        guard state != .closed, !readingPaused else { return }
        readingPaused = true
        updateInterest()
    }

    /// Starts reading again after `pauseReading`.
    public func resumeReading() {
        guard state != .closed, readingPaused else { return }
        readingPaused = false
        updateInterest()
        readDecryptedLater()
    }

    /// Whether `pauseReading` is in effect.
    public var isReadingPaused: Bool { readingPaused }

    /// Releases the descriptor and reports `error` through `onClose`, once.
    func closeNow(_ error: SocketError?) {
        guard state != .closed else { return }
        state = .closed
        if let closeTimer { loop.cancel(closeTimer) }
        closeTimer = nil
        loop.unregister(fd, registration: registration)
        if error == nil { tls?.sendCloseNotify() }
        tls = nil
        Syscall.close(fd)
        output = []
        outputStart = 0
        let callback = onClose
        let handshakeDone = tlsHandshakeDone
        tlsHandshakeDone = nil
        onClose = nil
        onRead = nil
        onOutputDrained = nil
        onInputClosed = nil
        callback?(error)
        handshakeDone?(error ?? .tlsHandshake(remoteAddress, "the connection closed during the TLS handshake"))
    }

    /// Maps a failed read or send to the error `onClose` reports.
    func socketError(_ error: Errno, call: String) -> SocketError {
        switch error {
        case .connectionReset, .brokenPipe: return .connectionReset(remoteAddress)
        default: return .systemCall(call, error)
        }
    }
}

@available(*, unavailable, message: "a TCPConnection is confined to its loop; hand it over in a LoopBound")
extension TCPConnection: Sendable {}
