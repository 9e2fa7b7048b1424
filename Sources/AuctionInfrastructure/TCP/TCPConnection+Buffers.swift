import Glibc

extension TCPConnection {
    /// Caps the kernel's send buffer (`setsockopt(SO_SNDBUF)`, which also turns off its growth on
    /// demand); returns the size now in force (`getsockopt`: Linux doubles the value for its
    /// bookkeeping), or nil when the socket refused. Bounds the kernel memory a client that does not
    /// read can pin.
    @discardableResult
    public func limitSendBuffer(to bytes: Int) -> Int? {
        assert(loop.inEventLoop, "TCPConnection used off its event loop")
        guard state != .closed else { return nil }
        do {
            try Syscall.setOption(fd, level: SOL_SOCKET, name: SO_SNDBUF, value: CInt(clamping: max(0, bytes)))
            return Int(try Syscall.option(fd, level: SOL_SOCKET, name: SO_SNDBUF))
        } catch {
            return nil
        }
    }

    /// The kernel's send buffer size now (`getsockopt(SO_SNDBUF)`), or nil when closed.
    public var sendBufferSize: Int? {
        guard state != .closed else { return nil }
        return (try? Syscall.option(fd, level: SOL_SOCKET, name: SO_SNDBUF)).map(Int.init)
    }
}
