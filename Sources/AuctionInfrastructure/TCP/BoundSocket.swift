import Glibc

/// A TCP socket bound to its address but not listening yet: taken before slow work (opening a
/// database) so a port in use is found first and nothing is created in vain, then handed once to
/// `TCPListener.listen(…, bound:)`, which listens on it. Until then a client connecting is refused, as
/// if nothing were there (so it tries another node). Closed on `deinit` if never handed over.
public final class BoundSocket: Sendable {
    /// The bound address; the real port when 0 was asked.
    public let address: SocketAddress
    /// The descriptor until it is handed over (nil after).
    private let descriptor: Mutex<CInt?>

    private init(fd: CInt, address: SocketAddress) {
        self.address = address
        descriptor = Mutex(fd)
    }

    deinit { close() }

    /// Binds `host:port` (port 0: any free port) with `SO_REUSEADDR` (`socket`, `bind`); the error
    /// names the address, e.g. a port another process listens on.
    public static func bind(host: String, port: Int) throws(SocketError) -> BoundSocket {
        guard (0...65_535).contains(port) else { throw .invalidPort(port) }
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
        do {
            let bound = try FileDescriptor(rawValue: fd).closeAfterFailure { (_) throws(Errno) -> SocketAddress in
                try Syscall.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
                try Syscall.bind(fd, storage)
                return try Syscall.localAddress(fd).socketAddress
            }
            return BoundSocket(fd: fd, address: bound)
        } catch {
            throw .bind(requested, error)
        }
    }

    /// The descriptor, once: the caller owns it from now on (nil when already taken or closed).
    func take() -> CInt? {
        descriptor.withLock { fd in
            defer { fd = nil }
            return fd
        }
    }

    /// Closes the socket unless it was handed over. Any thread.
    public func close() {
        if let fd = take() { _ = Glibc.close(fd) }
    }
}
