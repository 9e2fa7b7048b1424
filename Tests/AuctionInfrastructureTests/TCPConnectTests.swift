import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@Suite struct TCPConnectTests {
    @Test func connectToClosedPortIsRefused() async throws {
        let loop = try EventLoop.spawn(name: "test-refused")
        defer { loop.shutdown() }
        let (fd, port) = LoopbackPort.refusing()  // held while connecting: a port closed at once could be reused meanwhile
        defer { close(fd) }
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
        let (fd, port) = LoopbackPort.refusing(ipv6: true)
        defer { close(fd) }
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
        let (listener, port, fillers) = await saturatedListener()
        defer { ([listener] + fillers).forEach { close($0) } }
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
