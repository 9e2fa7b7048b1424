import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@Suite struct TCPConnectionTests {
    /// Connects to an echo listener on `host`, sends `message`, and returns what came back.
    private func echo(host: String, message: [UInt8]) async throws -> [UInt8]? {
        let loop = try EventLoop.spawn(name: "test-echo")
        defer { loop.shutdown() }
        let listener = try echoListener(host: host, on: loop)
        let port = listener.address.port
        return await awaitOnLoop(loop) { done in
            TCPConnection.connect(host: host, port: port, timeoutMilliseconds: 5_000, on: loop) { result in
                guard case let .success(connection) = result else { return }
                var received: [UInt8] = []
                connection.onRead = { bytes in
                    received.append(contentsOf: bytes)
                    if received.count >= message.count { done(received) }
                }
                connection.write(message)
            }
        }
    }

    @Test func echoRoundTripOverIPv4() async throws {
        let message = Array("hello over IPv4/".utf8)
        #expect(try await echo(host: "127.0.0.1", message: message) == message)
    }

    @Test func echoRoundTripOverIPv6() async throws {
        let message = Array("hello over IPv6/".utf8)
        #expect(try await echo(host: "::1", message: message) == message)
    }

    @Test func echoRoundTripThroughHostName() async throws {
        let message = Array("hello localhost/".utf8)
        #expect(try await echo(host: "localhost", message: message) == message)
    }

    @Test func addressesAreReported() async throws {
        let loop = try EventLoop.spawn(name: "test-addresses")
        defer { loop.shutdown() }
        let listener = try echoListener(host: "::1", on: loop)
        #expect(listener.address.host == "::1")
        #expect(listener.address.port > 0)
        #expect(listener.address.description == "[::1]:\(listener.address.port)")
        let connected = await connectOnLoop(host: "::1", port: listener.address.port, on: loop)
        let handedOver = try #require(try connected?.get())
        let connection = handedOver.value
        #expect(connection.remoteAddress == listener.address)
        #expect(connection.localAddress.host == "::1")
        loop.execute { handedOver.value.close() }
    }

    @Test func largeWriteArrivesIntact() async throws {
        let loop = try EventLoop.spawn(name: "test-large")
        defer { loop.shutdown() }
        let payload = testPattern(8 << 20)
        let received = Mutex<[UInt8]>([])
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.onRead = { bytes in received.withLock { $0.append(contentsOf: bytes) } }
        }
        let done = await awaitOnLoop(loop) { (done: @escaping (Int) -> Void) in
            TCPConnection.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000, on: loop) {
                guard case let .success(connection) = $0 else { return done(-1) }
                connection.outputLimit = 16 << 20
                #expect(connection.write(payload))
                connection.close()  // flushes the queue first
                connection.onClose = { _ in done(connection.writeSystemCallCount) }
            }
        }
        // The receiving end is on the same loop; wait until it has everything.
        await waitUntil(on: loop) { received.withLock { $0.count } >= payload.count }
        // The kernel takes at most tcp_wmem's maximum (4 MiB by default) per send: partial writes happened.
        #expect(done.map { $0 > 1 } == true)
        #expect(received.withLock { $0 == payload })
    }

    @Test func outputLimitRefusesWritesAndConnectionSurvives() async throws {
        let loop = try EventLoop.spawn(name: "test-limit")
        defer { loop.shutdown() }
        let listener = try echoListener(host: "127.0.0.1", on: loop)
        let outcome = await awaitOnLoop(loop) { (done: @escaping ([Bool]) -> Void) in
            TCPConnection.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000, on: loop) {
                guard case let .success(connection) = $0 else { return }
                connection.outputLimit = 1_000
                let first = connection.write(testPattern(900))
                let refused = connection.write(testPattern(200))
                let queued = connection.bufferedOutputBytes == 900
                let fits = connection.write(testPattern(100))
                var echoed = 0
                connection.onRead = { bytes in
                    echoed += bytes.count
                    if echoed == 1_000 {
                        let afterDrain = connection.write(testPattern(1)) && connection.isWritable
                        done([first, !refused, queued, fits, afterDrain])
                    }
                }
            }
        }
        #expect(outcome == [true, true, true, true, true])
    }

    @Test func peerClosingMidStreamReportsCloseOnce() async throws {
        let loop = try EventLoop.spawn(name: "test-peerclose")
        defer { loop.shutdown() }
        let closes = Mutex(0)
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.onRead = { _ in
                connection.write(testPattern(100_000))
                connection.abort()
            }
        }
        let reported = await awaitOnLoop(loop) { (done: @escaping (Bool) -> Void) in
            TCPConnection.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000, on: loop) {
                guard case let .success(connection) = $0 else { return }
                connection.onClose = { _ in
                    closes.withLock { $0 += 1 }
                    // Give a second report, if there were one, the chance to arrive: two more loop iterations.
                    let bound = HandedOver(done)
                    loop.execute { loop.execute { bound.value(true) } }
                }
                connection.onRead = { _ in connection.write([1]) }
                connection.write(testPattern(10))
            }
        }
        #expect(reported == true)
        #expect(closes.withLock { $0 } == 1)
    }

    @Test func halfCloseLetsPeerReplyAfterEOF() async throws {
        let loop = try EventLoop.spawn(name: "test-halfclose")
        defer { loop.shutdown() }
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            var received: [UInt8] = []
            connection.onRead = { received.append(contentsOf: $0) }
            connection.write(Array("request".utf8))
            connection.shutdownOutput()
            _ = received
        }
        let port = listener.address.port
        let client = blockingClient(port: port)
        #expect(client >= 0)
        defer { close(client) }
        // The client sees the whole request, then EOF...
        #expect(await readUntilEOF(client) == Array("request".utf8))
        // ...and can still answer over its own direction.
        blockingWriteAll(client, Array("reply".utf8))
        shutdown(client, CInt(SHUT_WR))
    }

    @Test func halfClosedConnectionStillReceives() async throws {
        let loop = try EventLoop.spawn(name: "test-halfclose2")
        defer { loop.shutdown() }
        let answer = Mutex<[UInt8]>([])
        let closed = Mutex<SocketError??>(.none)
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.onRead = { bytes in answer.withLock { $0.append(contentsOf: bytes) } }
            connection.onClose = { error in closed.withLock { $0 = .some(error) } }
            connection.write(Array("question".utf8))
            connection.shutdownOutput()
            #expect(!connection.write([1]))
        }
        let client = blockingClient(port: listener.address.port)
        #expect(client >= 0)
        #expect(await readUntilEOF(client) == Array("question".utf8))
        blockingWriteAll(client, Array("answer".utf8))
        close(client)
        await waitUntil(on: loop) { closed.withLock { $0 } != nil }
        #expect(answer.withLock { $0 } == Array("answer".utf8))
        #expect(closed.withLock { $0 } == .some(nil))
    }

    @Test func writesInOneIterationAreCoalesced() async throws {
        let loop = try EventLoop.spawn(name: "test-coalesce")
        defer { loop.shutdown() }
        let received = Mutex(0)
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.onRead = { bytes in received.withLock { $0 += bytes.count } }
        }
        let syscalls = await awaitOnLoop(loop) { (done: @escaping (Int) -> Void) in
            TCPConnection.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000, on: loop) {
                guard case let .success(connection) = $0 else { return }
                for index in 0..<1_000 { connection.write(Array("message \(index)/".utf8)) }
                connection.close()
                connection.onClose = { _ in done(connection.writeSystemCallCount) }
            }
        }
        let expected = (0..<1_000).reduce(0) { $0 + "message \($1)/".utf8.count }
        await waitUntil(on: loop) { received.withLock { $0 } >= expected }
        #expect(received.withLock { $0 } == expected)
        #expect(syscalls == 1)
    }

    @Test func closingAnotherConnectionInsideCallbackIsSafe() async throws {
        let loop = try EventLoop.spawn(name: "test-reentrant")
        defer { loop.shutdown() }
        let accepted = Mutex<[HandedOver<TCPConnection>]>([])
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            accepted.withLock { $0.append(HandedOver(connection)) }
            // Whoever speaks first closes every accepted connection, itself included.
            connection.onRead = { _ in
                for other in accepted.withLock({ $0 }) { other.value.close() }
                connection.write([1])  // refused after close; must not touch a closed descriptor
            }
        }
        let first = blockingClient(port: listener.address.port)
        let second = blockingClient(port: listener.address.port)
        defer {
            close(first)
            close(second)
        }
        blockingWriteAll(first, [1])
        blockingWriteAll(second, [2])
        #expect(await readUntilEOF(first).isEmpty)
        #expect(await readUntilEOF(second).isEmpty)
    }
}
