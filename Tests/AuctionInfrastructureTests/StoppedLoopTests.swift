@testable import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// Work handed to a loop that has stopped is refused, never silently dropped: a request's caller
/// always hears back (CI once waited 90 minutes on a request whose continuation was dropped).
@Suite(.timeLimit(.minutes(1))) struct StoppedLoopTests {
    @Test func executeOnAStoppedLoopSaysTheWorkWasRefused() throws {
        let loop = try EventLoop.spawn(name: "stopped-execute")
        #expect(loop.execute {})
        loop.shutdown()
        #expect(!loop.execute {})
    }

    @Test func aTaskQueuedByAConnectionClosingAtShutdownStillRuns() async throws {
        let loop = try EventLoop.spawn(name: "stopped-close-task")
        let listener = try TCPListener.listen(host: "127.0.0.1", port: 0, on: loop) { _ in }
        let ran = Mutex(false)
        let connected = await awaitOnLoop(loop) { (done: @escaping (Bool) -> Void) in
            TCPConnection.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000, on: loop) { result in
                guard case .success(let connection) = result else { return done(false) }
                // Closed by the shutdown itself: the task it queues then must run before the loop is gone.
                connection.onClose = { _ in loop.execute { ran.withLock { $0 = true } } }
                done(true)
            }
        }
        #expect(connected == true)
        loop.shutdown()
        #expect(ran.withLock { $0 }, "a task accepted while the loop finished was dropped")
    }

    @Test func aRequestToAClientWhoseLoopStoppedUnderneathCompletesClosedAtOnce() throws {
        let client = try SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: 9, reconnects: false))
        defer { client.close() }
        client.loop.shutdown()
        let result = Mutex<Result<Frame, SocketClientError>?>(nil)
        client.send(Frame(dataType: 10)) { outcome in result.withLock { $0 = outcome } }
        #expect(result.withLock { $0 } == .failure(.closed), "the request was dropped: its caller would wait forever")
    }

    @Test func aWaiterWhoseCompletionIsReleasedUncalledHearsDisconnected() async {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Frame, SocketClientError>, Never>) in
            _ = ResumingOnce(continuation)
        }
        #expect(result == .failure(.disconnected))
    }
}

extension StoppedLoopTests {
    @Test func aRequestWaitingToReconnectFailsWhenTheLoopStopsUnderneath() async throws {
        // Nothing listens on the port: the client waits to reconnect and the request waits with it.
        try await LoopbackPort.withRefusing { port in
        let client = try SocketClient(configuration: SocketClientConfiguration(
            host: "127.0.0.1", port: port, requestTimeoutMilliseconds: 600_000,
            backoff: ReconnectBackoff(initialMilliseconds: 600_000, maximumMilliseconds: 600_000), reconnects: true))
        defer { client.close() }
        client.start()
        #expect(await eventually { if case .reconnecting = client.state { true } else { false } })
        let result = Mutex<Result<Frame, SocketClientError>?>(nil)
        client.send(Frame(dataType: 10)) { outcome in result.withLock { $0 = outcome } }
        client.loop.shutdown()
        #expect(result.withLock { $0 } != nil, "the request waits on a timer that died with the loop")
        }
    }
}
