import Glibc

/// A listening TCP socket on an `EventLoop`: a handle any thread may hold, close and ask for its
/// address. The accepting itself (`TCPAcceptor`) is confined to the loop: each new non-blocking
/// connection goes to `onAccept` on the loop thread; near the open-file limit clients are refused as
/// the `DescriptorReserve` says.
public final class TCPListener: Sendable {
    /// The loop that owns this listener.
    public let loop: EventLoop
    /// The bound address; the real port when 0 was asked.
    public let address: SocketAddress
    private let acceptor: LoopBound<TCPAcceptor>
    private let accepted: Mutex<Int>

    private init(address: SocketAddress, acceptor: LoopBound<TCPAcceptor>, acceptedCount: Mutex<Int>) {
        self.loop = acceptor.loop
        self.address = address
        self.acceptor = acceptor
        accepted = acceptedCount
    }

    /// The number of connections accepted so far (any thread).
    public var acceptedCount: Int { accepted.withLock { $0 } }

    /// Binds `host:port` (port 0: any free port) with `SO_REUSEADDR`, listens, and starts accepting on
    /// `loop`; with `bound`, listens on that socket instead (bound earlier; `host` and `port` unused).
    /// Callable from any thread; `onAccept` runs on the loop thread. With `tls`, each connection
    /// first completes a TLS handshake within its bounds, on the listener's own handshake thread
    /// (`tls-handshake`), and `onAccept` gets it established; a client whose first byte is plaintext
    /// `plaintextAnswer` names is answered so and closed.
    public static func listen(
        host: String, port: Int, backlog: Int32 = 4_096, on loop: EventLoop,
        reserve: DescriptorReserve = DescriptorReserve(), tls: TLSServerSettings? = nil, bound reserved: BoundSocket? = nil,
        plaintextAnswer: PlaintextAnswer? = nil,
        onAccept: @escaping (TCPConnection) -> Void
    ) throws(SocketError) -> TCPListener {
        guard !loop.isShuttingDown else { throw .eventLoopShutdown }
        let socket: BoundSocket
        if let reserved { socket = reserved } else { socket = try BoundSocket.bind(host: host, port: port) }
        guard let fd = socket.take() else { throw .bind(socket.address, Errno(rawValue: EBADF)) }
        let bound = socket.address
        do {
            try FileDescriptor(rawValue: fd).closeAfterFailure { (_) throws(Errno) in try Syscall.listen(fd, backlog: backlog) }
        } catch {
            throw .bind(bound, error)
        }
        var worker: TLSHandshakeWorker?
        if tls != nil {
            do {
                worker = try TLSHandshakeWorker(clock: loop.clock)
            } catch {
                Syscall.close(fd)
                throw error
            }
        }
        let acceptedCount = Mutex(0)
        let acceptor = LoopBound(handingOver: TCPAcceptor(fd: fd, loop: loop, reserve: reserve, acceptedCount: acceptedCount,
                                                          tls: tls, worker: worker, plaintextAnswer: plaintextAnswer,
                                                          onAccept: onAccept), to: loop)
        let listener = TCPListener(address: bound, acceptor: acceptor, acceptedCount: acceptedCount)
        if loop.inEventLoop {
            acceptor.value.startAccepting()
        } else {
            loop.execute { acceptor.value.startAccepting() }
        }
        return listener
    }

    /// Stops accepting and closes the socket; connections already accepted stay open. Any thread.
    public func close() {
        guard loop.inEventLoop else { loop.execute { [acceptor] in acceptor.value.close() }; return }
        acceptor.value.close()
    }
}
