import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// Issue 22: a draining node pushes "reconnect elsewhere" (type 10). With several addresses the client
/// leaves at once for the next one and replays its session there, without waiting out its backoff; with
/// one it reconnects to it after the usual backoff. The client's clock never moves unless the test says.
@Suite(.timeLimit(.minutes(1))) struct SocketClientDrainTests {
    static let reconnectPush = FrameEncoder.encode(Frame(dataType: 10, data: ["reason": "draining"]))
    static let replayed = Frame(dataType: 20, data: ["replay": true])

    static func client(_ ports: [Int], clock: ManualClock) throws -> SocketClient {
        var configuration = SocketClientConfiguration(
            host: "127.0.0.1", port: ports[0], connectTimeoutMilliseconds: 2_000, requestTimeoutMilliseconds: 10_000,
            backoff: ReconnectBackoff(initialMilliseconds: 10_000, maximumMilliseconds: 10_000, jitter: 0))
        configuration.alternateEndpoints = ports.dropFirst().map { SocketEndpoint(host: "127.0.0.1", port: $0) }
        return try SocketClient(configuration: configuration, clock: clock)
    }

    @Test func withSeveralNodesThePushMovesTheClientToTheNextAtOnceAndReplaysItsSession() async throws {
        let first = try LoopbackFrameServer(), second = try LoopbackFrameServer()
        defer { first.shutdown(); second.shutdown() }
        let clock = ManualClock()
        let client = try Self.client([first.port, second.port], clock: clock)
        defer { client.close() }
        let states = Mutex<[SocketClientState]>([])
        let pushes = Mutex<[Int]>([])
        client.onStateChange { state in states.withLock { $0.append(state) } }
        client.onPush { frame in pushes.withLock { $0.append(frame.dataType) } }
        client.setReplay { [Self.replayed] }
        client.start()
        _ = try await client.send(Frame(dataType: 21, data: ["n": 1]))
        #expect(client.endpoint.port == first.port)

        // The first node drains but keeps its connection open: the client leaves on the push alone.
        await first.withConnection(0) { $0.write(Self.reconnectPush) }
        #expect(await eventually { client.endpoint.port == second.port && client.state == .connected })
        #expect(pushes.withLock { $0 } == [10], "the push reaches the owner's handlers too")
        #expect(!states.withLock { $0 }.contains { if case .reconnecting = $0 { true } else { false } },
                "no backoff: \(states.withLock { $0 })")
        #expect(second.frames.map(\.frame.dataType) == [20], "the session is replayed on the next node")
        let reply = try await client.send(Frame(dataType: 21, data: ["n": 2]))
        #expect(reply.data["echo"]?["n"] == .int(2))
        #expect(first.frames.count == 2, "nothing more went to the draining node")
    }

    @Test func withOneNodeThePushMakesTheClientReconnectAfterItsBackoff() async throws {
        let only = try LoopbackFrameServer()
        defer { only.shutdown() }
        let clock = ManualClock()
        let client = try Self.client([only.port], clock: clock)
        defer { client.close() }
        client.start()
        _ = try await client.send(Frame(dataType: 21, data: ["n": 1]))

        await only.withConnection(0) { $0.write(Self.reconnectPush) }
        #expect(await eventually { client.state == .reconnecting(inMilliseconds: 10_000) })
        clock.advance(milliseconds: 10_000)
        #expect(await eventually { client.state == .connected })
        _ = try await client.send(Frame(dataType: 21, data: ["n": 2]))
        #expect(only.frames.map(\.connection) == [0, 1], "the second request went over a new connection")
    }
}
