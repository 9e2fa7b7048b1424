import AuctionCore
import AuctionTestSupport
import AuctionData
import AuctionInfrastructure
import Glibc
import Testing

@Suite(.timeLimit(.minutes(1))) struct SocketRepositoryTests {
    static func client(port: Int, timeout: Int64 = 10_000, reconnects: Bool = true) throws -> SocketClient {
        try SocketClient(configuration: SocketClientConfiguration(
            host: "127.0.0.1", port: port, requestTimeoutMilliseconds: timeout,
            backoff: ReconnectBackoff(initialMilliseconds: 20, maximumMilliseconds: 100), reconnects: reconnects))
    }

    @Test func bidsMapToAcceptedAndRefusedOutcomes() async throws {
        let server = try SocketTestServer { message, id in
            guard case .bid(let bid, _) = message else { return [] }
            return bid.price > 35_000
                ? [.reply(WireReply(completionID: id, result: true))]
                : [.reply(WireReply(completionID: id, result: false, reason: .priceTooLow, price: 35_000))]
        }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        client.start()
        let bids = SocketBidRepository(client: client, userID: UserID(rawValue: 3))
        #expect(try await bids.place(Bid(productID: 5, price: 36_000)) == .accepted(price: 36_000))
        #expect(try await bids.place(Bid(productID: 5, price: 35_000)) == .refused(.priceTooLow, currentPrice: 35_000))
        #expect(server.received.first == .bid(Bid(productID: 5, price: 36_000), userID: UserID(rawValue: 3)))
    }

    @Test func originalStyleRefusalWithoutReasonIsUnspecified() async throws {
        let server = try SocketTestServer { _, id in [.reply(WireReply(completionID: id, result: false))] }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        client.start()
        let outcome = try await SocketBidRepository(client: client).place(Bid(productID: 1, price: 10))
        #expect(outcome == .refused(.unspecified, currentPrice: nil))
    }

    @Test func noAnswerIsTimedOut() async throws {
        let server = try SocketTestServer { _, _ in [] }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port, timeout: 50)
        defer { client.close() }
        client.start()
        await #expect(throws: AuctionError.timedOut) {
            try await SocketBidRepository(client: client).place(Bid(productID: 1, price: 10))
        }
    }

    @Test func closedPortIsUnreachableWithTheAddress() async throws {
        let (fd, port) = LoopbackPort.refusing()
        defer { close(fd) }
        let client = try Self.client(port: port, reconnects: false)
        defer { client.close() }
        client.start()
        do {
            _ = try await SocketBidRepository(client: client).place(Bid(productID: 1, price: 10))
            Issue.record("expected unreachable")
        } catch {
            guard case .unreachable(let address, _) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(address == "127.0.0.1:\(port)")
        }
    }

    @Test func feedSendsListStateAndSubscriptionsAndDeliversPushes() async throws {
        let update = PriceUpdate(productID: 5, price: 35_000, change: 500, direction: .up, auctionDate: "2023-02-11")
        let notice = AuctionNotification(id: 12, kind: .outbid, productID: 5, productName: "Nike Shoes", price: 36_000, maximum: 34_000,
                                         createdAt: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000))
        let end = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)
        let server = try SocketTestServer { message, id in
            switch message {
            case .listState(let state): [.reply(WireReply(completionID: id, result: state < 3))]
            case .subscribe: [.price(update), .auctionClosed(9, finalPrice: 100, winner: nil), .unknown(dataType: 77),
                              .endTime(5, endsAt: end, extensions: 2), .notification(notice),
                              .reply(WireReply(completionID: id, result: true))]
            default: []
            }
        }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        let session = SocketSession()
        session.install(on: client)
        let feed = SocketPriceFeed(client: client, session: session)
        let events = feed.events()
        client.start()
        #expect(try await feed.setLoadedPages(2) == true)
        #expect(try await feed.setLoadedPages(5) == false)
        try await feed.subscribe(to: [5, 9])
        var seen: [FeedEvent] = []
        for await event in events {
            if case .connection = event { continue }
            seen.append(event)
            if seen.count == 4 { break }
        }
        #expect(seen == [.price(update), .closed(9, finalPrice: 100, winner: nil), .endTime(5, endsAt: end, extensions: 2), .notification(notice)])
        // The handshake first: the hello (saying pushes 7 and 8 are understood) and the list-state probe (no page yet).
        guard case .hello(let hello)? = server.received.first else { Issue.record("no hello first: \(server.received)"); return }
        #expect(hello.features.contains(.extensions) && hello.features.contains(.notifications))
        #expect(server.received.dropFirst() == [.listState(stateNumber: -1), .listState(stateNumber: 1), .listState(stateNumber: 4), .subscribe([5, 9])])
        #expect(session.loadedPages == 5 && session.subscriptions == [5, 9])
    }

    @Test func afterAServerRestartTheFeedSessionIsReplayedBeforeTheNextBid() async throws {
        let server = try SocketTestServer { message, id in
            guard case .unknown = message else { return [.reply(WireReply(completionID: id, result: true))] }
            return []
        }
        defer { server.shutdown() }
        let client = try Self.client(port: server.port)
        defer { client.close() }
        let session = SocketSession()
        session.install(on: client)
        let feed = SocketPriceFeed(client: client, session: session)
        let bids = SocketBidRepository(client: client)
        let events = feed.events()
        client.start()
        #expect(try await feed.setLoadedPages(3))
        try await feed.subscribe(to: [42])

        try await server.restart()
        // Wait until the feed reports the drop and the reconnection.
        var sawReconnecting = false
        for await event in events {
            if case .connection(.reconnecting) = event { sawReconnecting = true }
            if sawReconnecting, case .connection(.connected) = event { break }
        }
        #expect(try await bids.place(Bid(productID: 7, price: 900)) == .accepted(price: 900))

        let second = server.log.filter { $0.connection == 1 }.map(\.message)
        // The hello, the probe carrying the list state, the replayed subscription, then the bid.
        guard case .hello? = second.first else { Issue.record("no hello first: \(second)"); return }
        #expect(second.dropFirst() == [.listState(stateNumber: 2), .subscribe([42]), .bid(Bid(productID: 7, price: 900), userID: nil)])
    }

    @Test func sessionReplaysLoginListStateSubscriptionsAndRoomsInOrder() {
        let session = SocketSession(dialect: .auction)
        #expect(session.replayFrames().isEmpty)
        session.token = "t"
        session.loadedPages = 2
        session.subscribe([3, 1, 3])
        session.join(room: "product-1")
        let messages = session.replayFrames().compactMap { try? ClientMessage(frame: $0) }
        #expect(messages == [.login(token: "t"), .listState(stateNumber: 1), .subscribe([3, 1]), .chatJoin(room: "product-1")])
    }

    @Test func clientStatesMapToConnectionStates() {
        #expect(ConnectionState(SocketClientState.reconnecting(inMilliseconds: 1_500)) == .reconnecting(inMilliseconds: 1_500))
        #expect(ConnectionState(SocketClientState.idle) == .connecting)
        #expect(AuctionError(SocketClientError.disconnected, address: "h:1") == .connectionLost)
        #expect(AuctionError(SocketClientError.timedOut, address: "h:1") == .timedOut)
    }
}
