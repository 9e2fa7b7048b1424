import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// Several servers of one auction house: the client connects to the first reachable one and, when its
/// node drops, moves on to the next and replays its session there (real loopback sockets).
@Suite(.timeLimit(.minutes(1))) struct SocketClientFailoverTests {
    static func client(_ ports: [Int], reconnects: Bool = true) throws -> SocketClient {
        var configuration = SocketClientConfiguration(
            host: "127.0.0.1", port: ports[0], connectTimeoutMilliseconds: 2_000, requestTimeoutMilliseconds: 10_000,
            backoff: ReconnectBackoff(initialMilliseconds: 20, maximumMilliseconds: 200), reconnects: reconnects)
        configuration.alternateEndpoints = ports.dropFirst().map { SocketEndpoint(host: "127.0.0.1", port: $0) }
        return try SocketClient(configuration: configuration)
    }

    static let replayed = Frame(dataType: 20, data: ["replay": true])

    @Test func whenTheFirstNodeDropsTheClientMovesToTheSecondAndReplaysItsSession() async throws {
        let first = try LoopbackFrameServer(), second = try LoopbackFrameServer()
        defer { first.shutdown(); second.shutdown() }
        let client = try Self.client([first.port, second.port])
        defer { client.close() }
        client.setReplay { [Self.replayed] }
        client.start()
        _ = try await client.send(Frame(dataType: 10, data: ["n": 1]))
        #expect(first.frames.map(\.frame.dataType) == [20, 10])
        #expect(client.endpoint.port == first.port)

        await first.stop()
        #expect(await eventually { client.endpoint.port == second.port })
        // The first node is gone: the next request waits for the session on the second, then goes there.
        let reply = try await client.send(Frame(dataType: 10, data: ["n": 2]))
        #expect(reply.data["echo"]?["n"] == .int(2))
        #expect(client.endpoint.port == second.port)
        #expect(second.frames.map(\.frame.dataType) == [20, 10], "the replay comes first on the new node")
        #expect(first.frames.count == 2)
    }

    @Test func anUnreachableFirstAddressIsSkippedWithoutWaiting() async throws {
        let (fd, deadPort) = LoopbackPort.refusing()
        defer { close(fd) }
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        let states = Mutex<[SocketClientState]>([])
        let client = try Self.client([deadPort, server.port], reconnects: false)
        defer { client.close() }
        client.onStateChange { state in states.withLock { $0.append(state) } }
        client.start()
        let reply = try await client.send(Frame(dataType: 10, data: ["n": 7]))
        #expect(reply.data["echo"]?["n"] == .int(7))
        #expect(client.endpoint.port == server.port)
        // Straight on to the second address: no backoff between the two.
        #expect(!states.withLock { $0 }.contains { if case .reconnecting = $0 { true } else { false } })
    }

    @Test func whenEveryAddressIsUnreachableARequestFailsAsUnreachable() async throws {
        let (fd1, port1) = LoopbackPort.refusing()
        let (fd2, port2) = LoopbackPort.refusing()
        defer { close(fd1); close(fd2) }
        let client = try Self.client([port1, port2], reconnects: false)
        defer { client.close() }
        client.start()
        await #expect(throws: SocketClientError.self) { try await client.send(Frame(dataType: 10)) }
        #expect(await eventually { client.state == .closed })
    }

    @Test func afterTheSecondDropsTooTheClientComesBackToTheFirst() async throws {
        let first = try LoopbackFrameServer(), second = try LoopbackFrameServer()
        defer { first.shutdown(); second.shutdown() }
        let client = try Self.client([first.port, second.port])
        defer { client.close() }
        client.setReplay { [Self.replayed] }
        client.start()
        _ = try await client.send(Frame(dataType: 10, data: ["n": 1]))
        await first.stop()
        #expect(await eventually { client.endpoint.port == second.port })
        _ = try await client.send(Frame(dataType: 10, data: ["n": 2]))
        #expect(client.endpoint.port == second.port)

        try await first.restart()
        await second.stop()
        #expect(await eventually { client.endpoint.port == first.port })
        _ = try await client.send(Frame(dataType: 10, data: ["n": 3]))
        #expect(client.endpoint.port == first.port)
        let again = first.frames.filter { $0.connection == 1 }.map(\.frame)
        #expect(again.map(\.dataType) == [20, 10] && again.last?.data["n"] == .int(3))
    }

    @Test func aDroppedConnectionMovesOnEvenWhenItsNodeStillAccepts() async throws {
        let first = try LoopbackFrameServer(), second = try LoopbackFrameServer()
        defer { first.shutdown(); second.shutdown() }
        let client = try Self.client([first.port, second.port])
        defer { client.close() }
        client.start()
        _ = try await client.send(Frame(dataType: 10, data: ["n": 1]))
        // The first node resets the connection but keeps listening: round robin goes on to the second.
        await first.withConnection(0) { $0.abort() }
        #expect(await eventually { client.endpoint.port == second.port })
        _ = try await client.send(Frame(dataType: 10, data: ["n": 2]))
        #expect(second.frames.map(\.frame.data["n"]) == [.int(2)])
        #expect(first.frames.count == 1)
    }

    @Test func aNodeThatStopsAnsweringItsHeartbeatIsLeftForTheNext() async throws {
        // The first node keeps the connection open but never answers a ping (type 10): hung, or cut off.
        let hung = try LoopbackFrameServer { frame in frame.dataType == 10 ? .ignore : .echo }
        let second = try LoopbackFrameServer()
        defer { hung.shutdown(); second.shutdown() }
        let clock = ManualClock()
        var configuration = SocketClientConfiguration(
            host: "127.0.0.1", port: hung.port, requestTimeoutMilliseconds: 2_000,
            backoff: ReconnectBackoff(initialMilliseconds: 20, maximumMilliseconds: 100, jitter: 0))
        configuration.alternateEndpoints = [SocketEndpoint(host: "127.0.0.1", port: second.port)]
        configuration.heartbeatMilliseconds = 1_000
        let client = try SocketClient(configuration: configuration, clock: clock)
        defer { client.close() }
        client.setHeartbeat { Frame(dataType: 10) }
        client.start()
        _ = try await client.send(Frame(dataType: 20, data: ["n": 1]))

        // Quiet for the interval: one ping goes out (and only one while it is unanswered).
        clock.advance(milliseconds: 1_000)
        #expect(await eventually { hung.frames.contains { $0.frame.dataType == 10 } })
        clock.advance(milliseconds: 1_000)
        // No answer within the request timeout: the connection is dropped and the second node is tried.
        let moved = await clock.advancing(by: 500) { await eventually { client.endpoint.port == second.port && client.state == .connected } }
        #expect(moved)
        #expect(hung.frames.filter { $0.frame.dataType == 10 }.count == 1)
        let reply = try await client.send(Frame(dataType: 20, data: ["n": 2]))
        #expect(reply.data["echo"]?["n"] == .int(2))
    }

    @Test func aHeartbeatAnsweredKeepsTheConnection() async throws {
        let server = try LoopbackFrameServer(), other = try LoopbackFrameServer()
        defer { server.shutdown(); other.shutdown() }
        let clock = ManualClock()
        var configuration = SocketClientConfiguration(host: "127.0.0.1", port: server.port, requestTimeoutMilliseconds: 2_000)
        configuration.alternateEndpoints = [SocketEndpoint(host: "127.0.0.1", port: other.port)]
        configuration.heartbeatMilliseconds = 1_000
        let client = try SocketClient(configuration: configuration, clock: clock)
        defer { client.close() }
        client.setHeartbeat { Frame(dataType: 10) }
        client.start()
        _ = try await client.send(Frame(dataType: 20))
        // Pings go out while the clock moves on, each answered: the connection stays.
        let pinged = await clock.advancing(by: 250) { await eventually { server.frames.filter { $0.frame.dataType == 10 }.count >= 3 } }
        #expect(pinged)
        _ = try await client.send(Frame(dataType: 20))
        #expect(client.endpoint.port == server.port && other.frames.isEmpty)
        #expect(Set(server.frames.map(\.connection)) == [0], "one connection throughout")
    }
}
