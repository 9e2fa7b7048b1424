import Glibc

/// A plain blocking IPv4 client socket for tests, connected to `host:port` on loopback.
public enum BlockingLoopbackSocket {
    /// Connects (`socket`, options, optional `bind` to `source`, `connect`); the descriptor, or the
    /// failing step's `-errno` (nothing is left open then). Reads give up after `receiveTimeoutSeconds`
    /// (none when nil); `receiveBuffer` shrinks the kernel buffer (slow-consumer tests); `source`
    /// binds a loopback source address such as `127.0.3.4` (tests of per-address limits).
    public static func connect(port: Int, host: String = "127.0.0.1", receiveTimeoutSeconds: Int? = nil,
                               receiveBuffer: Int? = nil, source: String? = nil) -> CInt {
        let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -errno }
        if var size = receiveBuffer.map(CInt.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<CInt>.size))
        }
        if let seconds = receiveTimeoutSeconds {
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        if let source, with(address(source, port: 0), { bind(fd, $0, $1) }) != 0 {
            let failure = errno
            Glibc.close(fd)
            return -failure
        }
        if with(address(host, port: port), { Glibc.connect(fd, $0, $1) }) != 0 {
            // A signal (another test's child exiting) interrupts a blocking connect, which goes on in the kernel.
            let failure = errno == EINTR ? finishInterruptedConnect(fd) : errno
            guard failure == 0 else {
                Glibc.close(fd)
                return -failure
            }
        }
        return fd
    }

    /// Waits up to 30 s for an interrupted connect to end; 0 when it connected, else its error.
    private static func finishInterruptedConnect(_ fd: CInt) -> CInt {
        var pending = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var ready = poll(&pending, 1, 30_000)
        while ready < 0 && errno == EINTR { ready = poll(&pending, 1, 30_000) }
        guard ready == 1 else { return ETIMEDOUT }
        var failure: CInt = 0
        var length = socklen_t(MemoryLayout<CInt>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return errno }
        return failure
    }

    private static func address(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }

    private static func with(_ address: sockaddr_in, _ call: (UnsafePointer<sockaddr>, socklen_t) -> CInt) -> CInt {
        var address = address
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
