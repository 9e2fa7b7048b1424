import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@Suite struct TCPConnectionFlowTests {
    @Test func closeSendsEverythingQueuedThenEOF() async throws {
        let loop = try EventLoop.spawn(name: "test-close")
        defer { loop.shutdown() }
        let payload = testPattern(1 << 20)
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.write(payload)
            connection.close()
            #expect(!connection.write([1]))
        }
        let client = blockingClient(port: listener.address.port)
        #expect(client >= 0)
        defer { close(client) }
        #expect(await readUntilEOF(client) == payload)
    }

    /// A peer that never reads fills the bounded queue; writes are then refused, and the same loop
    /// keeps serving another connection meanwhile.
    @Test func slowPeerIsBoundedAndDoesNotBlockTheLoop() async throws {
        let loop = try EventLoop.spawn(name: "test-slow")
        defer { loop.shutdown() }
        let listener = try echoListener(host: "127.0.0.1", on: loop)
        let slowServer = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.outputLimit = 256 << 10
            var refused = false
            func produce() {
                while !refused { refused = !connection.write(testPattern(16 << 10)) }
            }
            connection.onOutputDrained = { produce() }
            produce()
            #expect(connection.bufferedOutputBytes <= 256 << 10)
        }
        let slowClient = blockingClient(port: slowServer.address.port)  // never reads
        #expect(slowClient >= 0)
        defer { close(slowClient) }
        let message = Array("still responsive".utf8)
        let echoed = await awaitOnLoop(loop) { (done: @escaping ([UInt8]) -> Void) in
            TCPConnection.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000, on: loop) {
                guard case let .success(connection) = $0 else { return }
                var received: [UInt8] = []
                connection.onRead = {
                    received.append(contentsOf: $0)
                    if received.count == message.count { done(received) }
                }
                connection.write(message)
            }
        }
        #expect(echoed == message)
    }

    @Test func drainedCallbackResumesAProducer() async throws {
        let loop = try EventLoop.spawn(name: "test-drained")
        defer { loop.shutdown() }
        let total = 4 << 20
        let chunk = testPattern(64 << 10)
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.outputLimit = 128 << 10
            var sent = 0
            func produce() {
                while sent < total, connection.write(chunk) { sent += chunk.count }
                if sent >= total { connection.close() }
            }
            connection.onOutputDrained = { produce() }
            produce()
        }
        let client = blockingClient(port: listener.address.port)
        #expect(client >= 0)
        defer { close(client) }
        let received = await readUntilEOF(client)
        #expect(received.count == total)
        #expect(received.prefix(chunk.count).elementsEqual(chunk))
    }

    @Test func pendingConnectFailsWhenTheLoopShutsDown() async throws {
        let loop = try EventLoop.spawn(name: "test-connect-shutdown")
        let (listener, port, fillers) = await saturatedListener()
        defer { ([listener] + fillers).forEach { close($0) } }
        let outcome = Mutex<Result<Bool, SocketError>?>(nil)
        let started = Mutex(false)
        loop.execute {
            TCPConnection.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 60_000, on: loop) { result in
                outcome.withLock { $0 = result.map { _ in true } }
            }
            started.withLock { $0 = true }
        }
        await waitUntil(on: loop) { started.withLock { $0 } }
        loop.shutdown()
        #expect(outcome.withLock { $0 } == .failure(.eventLoopShutdown))
    }
}

@Suite struct TCPConnectionHalfCloseTests {
    /// A client that sends its request and half-closes still gets an answer sent later.
    @Test func inputClosedHandlerKeepsTheConnectionWritable() async throws {
        let clock = ManualClock()  // the late answer's 20 ms pass when the test moves the clock
        let loop = try EventLoop.spawn(name: "test-input-closed", clock: clock)
        defer { loop.shutdown() }
        let events = Mutex<[String]>([])
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            var request: [UInt8] = []
            connection.onRead = { request.append(contentsOf: $0) }
            connection.onClose = { error in events.withLock { $0.append("closed \(error == nil)") } }
            connection.onInputClosed = {
                events.withLock { $0.append("eof after \(String(decoding: request, as: UTF8.self))") }
                loop.scheduleOnLoop(afterMilliseconds: 20) {
                    connection.write(Array("answer".utf8))
                    connection.close()
                }
            }
        }
        let client = blockingClient(port: listener.address.port)
        #expect(client >= 0)
        defer { close(client) }
        blockingWriteAll(client, Array("question".utf8))
        shutdown(client, CInt(SHUT_WR))
        #expect(await clock.advancing(by: 20) { await readUntilEOF(client) } == Array("answer".utf8))
        await waitUntil(on: loop) { events.withLock { $0.count } == 2 }
        #expect(events.withLock { $0 } == ["eof after question", "closed true"])
    }

    @Test func withoutInputClosedHandlerEOFClosesTheConnection() async throws {
        let loop = try EventLoop.spawn(name: "test-eof-closes")
        defer { loop.shutdown() }
        let closes = Mutex(0)
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.onRead = { _ in connection.write(Array("ok".utf8)) }
            connection.onClose = { _ in closes.withLock { $0 += 1 } }
        }
        let client = blockingClient(port: listener.address.port)
        #expect(client >= 0)
        defer { close(client) }
        blockingWriteAll(client, Array("x".utf8))
        shutdown(client, CInt(SHUT_WR))
        #expect(await readUntilEOF(client) == Array("ok".utf8))
        await waitUntil(on: loop) { closes.withLock { $0 } == 1 }
        #expect(closes.withLock { $0 } == 1)
    }
}

@Suite struct TCPConnectionControlTests {
    @Test func pausedConnectionReadsNothingUntilResumed() async throws {
        let loop = try EventLoop.spawn(name: "test-pause")
        defer { loop.shutdown() }
        let received = Mutex<[UInt8]>([])
        let server = Mutex<HandedOver<TCPConnection>?>(nil)
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { connection in
            connection.pauseReading()
            connection.onRead = { bytes in received.withLock { $0.append(contentsOf: bytes) } }
            server.withLock { $0 = HandedOver(connection) }
        }
        let client = blockingClient(port: listener.address.port)
        #expect(client >= 0)
        defer { close(client) }
        blockingWriteAll(client, Array("held back".utf8))
        await waitUntil(on: loop) { server.withLock { $0 } != nil }
        // Several loop iterations pass (each waits on epoll with the bytes ready); nothing is read while paused.
        for _ in 0..<5 { _ = await awaitOnLoop(loop) { (done: @escaping (Bool) -> Void) in let bound = HandedOver(done); loop.execute { bound.value(true) } } }
        #expect(received.withLock { $0 }.isEmpty)
        let connection = try #require(server.withLock { $0 })
        loop.execute { connection.value.resumeReading() }
        await waitUntil(on: loop) { received.withLock { $0.count } == 9 }
        #expect(received.withLock { $0 } == Array("held back".utf8))
    }

    @Test func abortReportsTheGivenReason() async throws {
        let loop = try EventLoop.spawn(name: "test-abort-reason")
        defer { loop.shutdown() }
        let listener = try echoListener(host: "127.0.0.1", on: loop)
        let reason = await awaitOnLoop(loop) { (done: @escaping (SocketError?) -> Void) in
            TCPConnection.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000, on: loop) {
                guard case let .success(connection) = $0 else { return }
                connection.onClose = { done($0) }
                connection.abort(reporting: .outputLimitExceeded(connection.remoteAddress, limit: 1))
                connection.abort()  // a second close is a no-op: onClose fired once already
            }
        }
        #expect(reason == .some(.outputLimitExceeded(SocketAddress(host: "127.0.0.1", port: listener.address.port), limit: 1)))
    }
}
