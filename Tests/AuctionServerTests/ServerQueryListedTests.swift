import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Push 9 `listed` for connections whose list state follows a query (request 13), on a real server
/// over loopback with a real SQLite file: a lot listed (or edited so that it matches) onto a
/// connection's query pages reaches it with its place, its prices follow; connections whose pages
/// do not hold it, and connections that did not name `lots`, get nothing.
@Suite struct ServerQueryListedTests {
    typealias Running = ServerImageTests.Running

    static let lotsHello = ClientMessage.hello(WireHello(client: "test", version: "0", features: [.closing, .lots]))
    static let plainHello = ClientMessage.hello(WireHello(client: "test", version: "0", features: [.closing]))

    static func lots(_ messages: [ServerMessage]) -> [LotEvent] {
        messages.compactMap { if case .lot(let event) = $0 { event } else { nil } }
    }

    /// The messages that arrive before the reply to a ping (pushes sent earlier come first).
    static func pushesBeforePing(_ socket: RawSocket) async -> [ServerMessage] {
        var frame = ClientMessage.ping.frame
        frame.completionID = 77
        socket.send(FrameEncoder.encode(frame))
        return await socket.readMessages { messages in messages.contains { if case .reply = $0 { true } else { false } } }
    }

    static func sell(_ running: Running, _ name: String) async throws -> Int {
        let fields = [("name", name), ("start_price", "1000"), ("duration_seconds", "3600")]
        return try #require(ServerSellingTests.object(try await ServerSellingTests.sell(running, fields: fields))["id"] as? Int)
    }

    @Test func aListedLotReachesTheConnectionsWhoseQueryPagesHoldItWithItsPlace() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let port = running.addresses.socket.port
        let follower = try RawSocket(port: port), sameQueryNoLots = try RawSocket(port: port)
        let otherSeller = try RawSocket(port: port), firstPage = try RawSocket(port: port)
        defer { [follower, sameQueryNoLots, otherSeller, firstPage].forEach { $0.close() } }
        let mine = ClientMessage.queryState(parameters: ["seller": "seller"], pages: 1)
        #expect(await follower.exchange([Self.lotsHello, mine]).map { $0?.result } == [true, true])
        #expect(await sameQueryNoLots.exchange([Self.plainHello, mine]).map { $0?.result } == [true, true])
        #expect(await otherSeller.exchange([Self.lotsHello, .queryState(parameters: ["seller": "nobody"], pages: 1)])
            .map { $0?.result } == [true, true])
        #expect(await firstPage.exchange([Self.lotsHello, .listState(stateNumber: 0)]).map { $0?.result } == [true, true])

        let first = try await Self.sell(running, "Brass lamp")
        let told = Self.lots(await follower.readMessages { !Self.lots($0).isEmpty })
        #expect(told.map(\.kind) == [.listed])
        #expect(told.first?.productID == ProductID(first) && told.first?.place == .first)
        #expect(try told.first?.listItem()?.productName == "Brass lamp")

        let second = try await Self.sell(running, "Tea kettle")
        let secondTold = Self.lots(await follower.readMessages { !Self.lots($0).isEmpty })
        #expect(secondTold.map(\.productID) == [ProductID(second)])
        #expect(secondTold.first?.place == .after(ProductID(first)))

        // Its list state now holds the lot: a bid on it is pushed.
        let buyer = try await ServerSellingTests.register(running, "buyer")
        let bidder = try RawSocket(port: port)
        defer { bidder.close() }
        let bid = await bidder.exchange([.login(token: buyer), .bid(Bid(productID: ProductID(second), price: Money(1_500)), userID: nil)])
        #expect(bid.last??.result == true, "\(bid)")
        let priced = await follower.readMessages { messages in messages.contains { if case .price = $0 { true } else { false } } }
        #expect(priced.contains { if case .price(let update) = $0 { update.productID == ProductID(second) } else { false } })

        // The same query without `lots` (answered in the same run), another seller's query, and a first page
        // of the plain catalogue (the new lots are on its last page) get no push 9.
        for socket in [sameQueryNoLots, otherSeller, firstPage] {
            #expect(Self.lots(await Self.pushesBeforePing(socket)).isEmpty)
        }
    }

    @Test func anEditThatMakesALotMatchListsIt() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let port = running.addresses.socket.port
        let searcher = try RawSocket(port: port), seller = try RawSocket(port: port)
        defer { searcher.close(); seller.close() }
        #expect(await searcher.exchange([Self.lotsHello, .queryState(parameters: ["search": "samovar"], pages: 2)])
            .map { $0?.result } == [true, true])
        #expect(await seller.exchange([Self.lotsHello, .queryState(parameters: ["seller": "seller"], pages: 1)])
            .map { $0?.result } == [true, true])
        let id = try await Self.sell(running, "Teapot")
        #expect(Self.lots(await seller.readMessages { !Self.lots($0).isEmpty }).map(\.kind) == [.listed])

        let edited = try await ServerSellingTests.request(running, .patch, "/products/\(id)", json: #"{"name":"Brass samovar"}"#)
        #expect(edited.status == .ok)
        let found = Self.lots(await searcher.readMessages { !Self.lots($0).isEmpty })
        #expect(found.map(\.kind) == [.listed])
        #expect(try found.first?.listItem()?.productName == "Brass samovar")
        #expect(found.first?.place == .first)
        // The seller's query already held it: it is told of the edit, not listed again.
        let sellerTold = Self.lots(await seller.readMessages { !Self.lots($0).isEmpty })
        #expect(sellerTold.map(\.kind) == [.edited])

        // Withdrawn: both are told.
        #expect(try await ServerSellingTests.request(running, .delete, "/products/\(id)").status == .ok)
        for socket in [searcher, seller] {
            #expect(Self.lots(await socket.readMessages { !Self.lots($0).isEmpty }).map(\.kind) == [.withdrawn])
        }
    }
}
