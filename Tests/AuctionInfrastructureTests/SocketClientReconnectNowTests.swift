import AuctionInfrastructure
import AuctionTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct SocketClientReconnectNowTests {
    @Test func reconnectNowSkipsTheBackoffWait() async throws {
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        // A backoff far longer than the test: only `reconnectNow()` can bring the connection back in time.
        let client = try SocketClient(configuration: SocketClientConfiguration(
            host: "127.0.0.1", port: server.port, connectTimeoutMilliseconds: 2_000, requestTimeoutMilliseconds: 10_000,
            backoff: ReconnectBackoff(initialMilliseconds: 600_000, maximumMilliseconds: 600_000, jitter: 0)))
        defer { client.close() }
        let states = Mutex<[SocketClientState]>([])
        client.onStateChange { state in states.withLock { $0.append(state) } }
        client.start()
        _ = try await client.send(Frame(dataType: 10, data: ["n": 1]))
        await server.stop()
        while !states.withLock({ $0.contains(.reconnecting(inMilliseconds: 600_000)) }) { await Task.yield() }
        try await server.restart()
        client.reconnectNow()
        let reply = try await client.send(Frame(dataType: 10, data: ["n": 2]))
        #expect(reply.data["echo"]?["n"] == .int(2))
        #expect(states.withLock { $0.last } == .connected)
    }

    @Test func reconnectNowWhileConnectedDoesNothing() async throws {
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        let client = try SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: server.port))
        defer { client.close() }
        client.start()
        _ = try await client.send(Frame(dataType: 10, data: ["n": 1]))
        client.reconnectNow()
        _ = try await client.send(Frame(dataType: 10, data: ["n": 2]))
        #expect(Set(server.frames.map(\.connection)) == [0], "one connection throughout")
    }
}
