import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// The handshake: sent first on every connect, settled before the replay and any request.
@Suite(.timeLimit(.minutes(1))) struct SocketClientHandshakeTests {
    /// A handshake of `types`; whether each was answered lands in `answers` (one entry per connection).
    static func handshake(_ types: [Int], into answers: Mutex<[[Bool]]>) -> @Sendable () -> SocketHandshake? {
        { SocketHandshake(frames: types.map { Frame(dataType: $0) }, timeoutMilliseconds: 60_000) { replies in
            answers.withLock { $0.append(replies.map { $0 != nil }) }
        } }
    }

    @Test func aLaterFrameAnsweredFirstSettlesTheEarlierOneWithoutWaiting() async throws {
        // Like the original backend: type 11 is never answered, type 1 is.
        let server = try LoopbackFrameServer { frame in frame.dataType == 11 ? .ignore : .echo }
        defer { server.shutdown() }
        let client = try SocketClientTests.client(port: server.port, timeout: 60_000)
        defer { client.close() }
        let answers = Mutex<[[Bool]]>([])
        client.setHandshake(Self.handshake([11, 1], into: answers))
        client.start()

        let reply = try await client.send(SocketClientTests.request(7))

        #expect(reply.data["echo"]?["n"] == .int(7))
        let settled = answers.withLock { $0 }
        #expect(settled.count == 1)
        #expect(settled.first == [false, true], "the hello is settled unanswered once the probe is answered")
        #expect(server.frames.map(\.frame.dataType) == [11, 1, 10], "handshake first, then the request")
    }

    @Test func readyWaitsForTheHandshakeAndEveryFrameIsAnswered() async throws {
        let server = try LoopbackFrameServer()
        defer { server.shutdown() }
        let client = try SocketClientTests.client(port: server.port, timeout: 60_000)
        defer { client.close() }
        let answers = Mutex<[[Bool]]>([])
        client.setHandshake(Self.handshake([11, 1], into: answers))
        client.start()

        try await client.ready()

        #expect(answers.withLock { $0.count } == 1)
        #expect(answers.withLock { $0.first } == [true, true])
    }

    @Test func readyFailsUnreachableWhenNothingListens() async throws {
        try await LoopbackPort.withRefusing { port in
            let client = try SocketClientTests.client(port: port, reconnects: false, timeout: 60_000)
            defer { client.close() }
            client.start()
            await #expect(throws: SocketClientError.self) { try await client.ready() }
        }
    }
}
