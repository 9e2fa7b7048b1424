import AuctionInfrastructure
import AuctionTestSupport
import Glibc

/// Connects on `loop` and returns the connection (or the error) to the test.
func connectOnLoop(
    host: String, port: Int, timeoutMilliseconds: Int64 = 5_000, on loop: EventLoop
) async -> Result<HandedOver<TCPConnection>, SocketError>? {
    await awaitOnLoop(loop) { done in
        TCPConnection.connect(host: host, port: port, timeoutMilliseconds: timeoutMilliseconds, on: loop) { result in
            done(result.map { HandedOver($0) })
        }
    }
}

/// A listener whose accepted connections echo every byte back.
func echoListener(host: String, on loop: EventLoop) throws -> TCPListener {
    try TCPListener.listen(host: host, port: 0, on: loop) { connection in
        connection.onRead = { bytes in connection.write(bytes) }
    }
}

/// A plain blocking client socket for tests (`socket` + `connect`), or `-errno`.
func blockingClient(host: String = "127.0.0.1", port: Int) -> CInt {
    BlockingLoopbackSocket.connect(port: port, host: host)
}

/// Reads from a blocking socket until EOF on a thread off the concurrency pool; everything read.
func readUntilEOF(_ fd: CInt) async -> [UInt8] {
    await offPool { blockingReadToEnd(fd) }
}

/// Reads from a blocking socket until EOF; returns everything read.
func blockingReadToEnd(_ fd: CInt) -> [UInt8] {
    var all: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return all }
        all.append(contentsOf: chunk[0..<count])
    }
}

/// Writes all of `bytes` to a blocking socket.
func blockingWriteAll(_ fd: CInt, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, CInt(MSG_NOSIGNAL)) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return }
        offset += count
    }
}

/// A deterministic test pattern of `count` bytes.
func testPattern(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
}

/// Waits (polling every 5 ms on `loop`, at most ~10 s) until `condition` holds; returns whether it did.
@discardableResult
func waitUntil(on loop: EventLoop, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if condition() { return true }
        _ = await awaitOnLoop(loop) { finished in loop.scheduleOnLoop(afterMilliseconds: 5) { finished(true) } }
    }
    return condition()
}

/// `saturatedListener` made off the concurrency pool (filling it waits up to 200 ms per connection).
func saturatedListener() async -> (listener: CInt, port: Int, fillers: [CInt]) {
    await offPool { blockingSaturatedListener() }
}

/// A never-accepting listener whose accept queue is full: Linux then drops new SYNs, so a connect
/// to it hangs (until its timeout). Returns the listener, its port and the connections filling it.
func blockingSaturatedListener() -> (listener: CInt, port: Int, fillers: [CInt]) {
    let (listener, port) = LoopbackPort.claim(listenBacklog: 0) ?? (-1, 0)
    var fillers: [CInt] = []
    // Connect until two connections in a row are not established within 200 ms: the queue is full.
    var unanswered = 0
    for _ in 0..<8 where unanswered < 2 {
        let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_NONBLOCK.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        fillers.append(fd)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        unanswered = poll(&entry, 1, 200) == 0 ? unanswered + 1 : 0
    }
    return (listener, port, fillers)
}
