import AuctionInfrastructure
import Glibc
import Testing

@Suite struct TCPConnectTests {
    @Test func connectToClosedPortIsRefused() async throws {
        let loop = try EventLoop.spawn(name: "test-refused")
        defer { loop.shutdown() }
        let port = closedPort()
        let result = await connectOnLoop(host: "127.0.0.1", port: port, timeoutMilliseconds: 10_000, on: loop)
        guard case let .failure(error) = try #require(result) else {
            Issue.record("connected to a closed port")
            return
        }
        #expect(error == .connectionRefused(SocketAddress(host: "127.0.0.1", port: port)))
        #expect(error.description.hasPrefix("cannot reach 127.0.0.1:\(port): connection refused"))
    }

    @Test func connectToClosedIPv6PortIsRefused() async throws {
        let loop = try EventLoop.spawn(name: "test-refused6")
        defer { loop.shutdown() }
        let port = closedPort()
        let result = await connectOnLoop(host: "::1", port: port, timeoutMilliseconds: 10_000, on: loop)
        guard case let .failure(error) = try #require(result) else {
            Issue.record("connected to a closed port")
            return
        }
        #expect(error == .connectionRefused(SocketAddress(host: "::1", port: port)))
        #expect(error.description.hasPrefix("cannot reach [::1]:\(port): connection refused"))
    }

    /// A listener with a full accept queue drops new SYNs on Linux, so the connect hangs until our timer.
    @Test func connectTimesOutWhenNobodyAnswers() async throws {
        let loop = try EventLoop.spawn(name: "test-timeout")
        defer { loop.shutdown() }
        let (listener, port) = silentListener(backlog: 0)
        defer { close(listener) }
        var fillers: [CInt] = []
        defer { fillers.forEach { close($0) } }
        // Fill the accept queue: connect until one connection is not established within 200 ms.
        for _ in 0..<8 {
            let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_NONBLOCK.rawValue), 0)
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
            if poll(&entry, 1, 200) == 0 { break }
        }
        let result = await connectOnLoop(host: "127.0.0.1", port: port, timeoutMilliseconds: 150, on: loop)
        guard case let .failure(error) = try #require(result) else {
            Issue.record("connected although the accept queue was full")
            return
        }
        #expect(error == .timedOut(SocketAddress(host: "127.0.0.1", port: port), milliseconds: 150))
        #expect(error.description == "cannot reach 127.0.0.1:\(port): no answer within 150 ms")
    }

    @Test func invalidPortIsRejected() async throws {
        let loop = try EventLoop.spawn(name: "test-badport")
        defer { loop.shutdown() }
        let result = await connectOnLoop(host: "127.0.0.1", port: 70_000, on: loop)
        #expect(result.map { if case .failure(.invalidPort(70_000)) = $0 { true } else { false } } == true)
    }

    @Test func connectCompletesOnTheLoopThread() async throws {
        let loop = try EventLoop.spawn(name: "test-connect-thread")
        defer { loop.shutdown() }
        let listener = try echoListener(host: "127.0.0.1", on: loop)
        let onLoop = await awaitOnLoop(loop) { done in
            TCPConnection.connect(host: "localhost", port: listener.address.port, timeoutMilliseconds: 5_000, on: loop) {
                done((try? $0.get()) != nil && loop.inEventLoop)
            }
        }
        #expect(onLoop == true)
    }
}
