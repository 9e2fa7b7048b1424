import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// Price pushes carrying a per-product `seq`: a stale one is dropped, a higher one applied, one
/// without `seq` always applied — and the sequences survive a move to another node.
@Suite(.timeLimit(.minutes(1))) struct PriceSequenceTests {
    static func push(_ id: ProductID, _ price: Money, seq: Int64?) -> PriceUpdate {
        PriceUpdate(productID: id, price: price, change: 100, direction: .up, auctionDate: "2026-11-22", sequence: seq)
    }

    static func client(_ ports: [Int]) throws -> SocketClient {
        var configuration = SocketClientConfiguration(
            host: "127.0.0.1", port: ports[0], backoff: ReconnectBackoff(initialMilliseconds: 20, maximumMilliseconds: 100))
        configuration.alternateEndpoints = ports.dropFirst().map { SocketEndpoint(host: "127.0.0.1", port: $0) }
        return try SocketClient(configuration: configuration)
    }

    /// The price events of `events` until `count` arrived.
    static func prices(_ events: AsyncStream<FeedEvent>, count: Int) async -> [PriceUpdate] {
        var seen: [PriceUpdate] = []
        for await event in events {
            guard case .price(let update) = event else { continue }
            seen.append(update)
            if seen.count == count { break }
        }
        return seen
    }

    @Test func theFilterDropsLowerOrEqualSequencesPerProductAndAlwaysAppliesNone() {
        var filter = PriceSequenceFilter()
        let answers = [Self.push(5, 500, seq: 5), Self.push(5, 400, seq: 4), Self.push(5, 500, seq: 5), Self.push(9, 100, seq: 1),
                       Self.push(5, 700, seq: 7), Self.push(5, 650, seq: nil), Self.push(5, 600, seq: 6)].map { filter.admits($0) }
        #expect(answers == [true, false, false, true, true, true, false])
        #expect(filter.lastApplied == [5: 7, 9: 1])
    }

    @Test func aFullFilterAppliesPushesForNewProductsWithoutRememberingThem() {
        var filter = PriceSequenceFilter(capacity: 1)
        let answers = [Self.push(5, 500, seq: 5), Self.push(9, 100, seq: 3), Self.push(9, 90, seq: 2), Self.push(5, 400, seq: 4)]
            .map { filter.admits($0) }
        // Product 9 is not remembered (both applied); the remembered product 5 is still guarded.
        #expect(answers == [true, true, true, false])
        #expect(filter.lastApplied == [5: 5])
    }

    @Test func theFeedDeliversOnlyPushesNewerThanTheLastAppliedForTheirProduct() async throws {
        let pushes = [Self.push(5, 500, seq: 5), Self.push(5, 400, seq: 4), Self.push(9, 100, seq: 1), Self.push(5, 500, seq: 5),
                      Self.push(5, 700, seq: 7), Self.push(5, 650, seq: nil)]
        let server = try SocketTestServer { message, id in
            guard case .subscribe = message else { return [.reply(WireReply(completionID: id, result: true))] }
            return pushes.map(ServerMessage.price) + [.reply(WireReply(completionID: id, result: true))]
        }
        defer { server.shutdown() }
        let client = try Self.client([server.port])
        defer { client.close() }
        let session = SocketSession(dialect: .auction)
        session.install(on: client)
        let feed = SocketPriceFeed(client: client, session: session)
        let events = feed.events()
        client.start()
        try await feed.subscribe(to: [5, 9])
        let seen = await Self.prices(events, count: 4)
        #expect(seen.map(\.sequence) == [5, 1, 7, nil])
        #expect(seen.map(\.price) == [500, 100, 700, 650])
    }

    @Test func afterMovingToAnotherNodeTheSessionIsReplayedAndStalePushesCannotMoveAPriceBack() async throws {
        // Node A knows product 5 up to seq 10; node B is behind (9), then catches up (11).
        let nodeA = try SocketTestServer { message, id in
            guard case .subscribe = message else { return [.reply(WireReply(completionID: id, result: true))] }
            return [.price(Self.push(5, 1_000, seq: 10)), .reply(WireReply(completionID: id, result: true))]
        }
        let nodeB = try SocketTestServer { message, id in
            guard case .subscribe = message else { return [.reply(WireReply(completionID: id, result: true))] }
            return [.price(Self.push(5, 900, seq: 9)), .price(Self.push(5, 1_100, seq: 11)),
                    .reply(WireReply(completionID: id, result: true))]
        }
        defer { nodeA.shutdown(); nodeB.shutdown() }
        let client = try Self.client([nodeA.port, nodeB.port])
        defer { client.close() }
        let session = SocketSession()
        session.token = "token-1"
        session.install(on: client)
        let feed = SocketPriceFeed(client: client, session: session)
        let events = feed.events()
        client.start()
        #expect(try await feed.setLoadedPages(2))
        try await feed.subscribe(to: [5])
        #expect(await Self.prices(events, count: 1).map(\.price) == [1_000])

        await nodeA.stop()
        let afterMove = await Self.prices(events, count: 1)
        #expect(afterMove.map(\.sequence) == [11], "seq 9 from the lagging node was dropped")
        #expect(client.endpoint.port == nodeB.port)
        // Node B got the whole session: hello, the probe carrying the list state, the login, the subscription.
        let replayed = nodeB.log.map(\.message)
        guard case .hello? = replayed.first else { Issue.record("no hello first: \(replayed)"); return }
        #expect(Array(replayed.dropFirst()) == [.listState(stateNumber: 1), .login(token: "token-1"), .subscribe([5])])
    }

    @Test func whenNoNodeCanBeReachedTheErrorNamesEveryAddress() async throws {
        let (fd1, one) = LoopbackPort.refusing(), (fd2, two) = LoopbackPort.refusing()
        defer { close(fd1); close(fd2) }
        var configuration = SocketClientConfiguration(host: "127.0.0.1", port: one, reconnects: false)
        configuration.alternateEndpoints = [SocketEndpoint(host: "127.0.0.1", port: two)]
        let client = try SocketClient(configuration: configuration)
        defer { client.close() }
        client.start()
        do {
            _ = try await SocketBidRepository(client: client).place(Bid(productID: 1, price: 10))
            Issue.record("expected unreachable")
        } catch {
            guard case .unreachable(let address, _) = error else { Issue.record("expected unreachable, got \(error)"); return }
            #expect(address == "127.0.0.1:\(one),127.0.0.1:\(two)")
        }
    }
}
