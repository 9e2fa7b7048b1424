import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// A lot's events told inline in its chat room (push 12): bids with shortened bidders, the close.
@Suite struct ChatLotEventsServerTests {
    /// A server whose store holds alice, bob and carol (users 1, 2, 3: bids name stored users), with their tokens.
    private static func server(listings: [ProductListing] = ServerFixture.listings(count: 3),
                               clock: any TimeSource = SystemClock(),
                               configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> ServerFixture {
        try ServerFixture(listings: listings, hooks: ChatServerTests.hooks, prepare: { path in
            let accounts = try AccountStore(path: path)
            defer { accounts.close() }
            for name in ["alice", "bob", "carol"] { _ = try accounts.createUser(name: name, passwordHash: "x", at: SystemClock().now()) }
        }, clock: clock, configure: configure)
    }

    private static func events(_ client: TestClient, in room: String) -> [ChatLotEvent] {
        client.pushes.withLock { $0.compactMap { if case .chatLot(let event) = $0, event.room == room { event } else { nil } } }
    }

    @Test func aBidIsToldInItsLotsRoomWithTheBidderShortenedAndNowhereElse() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try await ChatServerTests.member(fixture, "alice", room: "product-1")
        defer { alice.close() }
        let carol = try await ChatServerTests.member(fixture, "carol", room: "product-2")
        defer { carol.close() }
        let bob = try await ChatServerTests.loggedIn(fixture, "bob")
        defer { bob.close() }
        #expect(try await bob.bid(1, 12_000).result)
        #expect(await eventually { !Self.events(alice, in: "product-1").isEmpty })
        let told = Self.events(alice, in: "product-1")
        #expect(told.map(\.kind) == [.bid])
        #expect(told.first?.price == 12_000)
        #expect(told.first?.bidder == "b…b")  // as a public bid history shows bob, never the whole name
        #expect(told.first?.productID == 1)
        #expect(told.first?.isAutomatic == false)
        // Another lot's room hears nothing of it: a chat line sent after the bid arrives first there.
        #expect(try await carol.request(.chatSend(room: "product-2", text: "after")).result)
        #expect(await eventually { !carol.chatLines(in: "product-2").isEmpty })
        #expect(carol.pushes.withLock { $0.allSatisfy { if case .chatLot = $0 { false } else { true } } })
    }

    @Test func theCloseIsToldAsSoldToTheWinnerShortened() async throws {
        let clock = ManualClock(SystemClock().now())
        let endsAt = clock.now().adding(milliseconds: 60_000)
        let fixture = try Self.server(listings: ServerFixture.listings(count: 2, endsAt: endsAt), clock: clock,
                                      configure: { $0.bidding.extendWindowMilliseconds = 0 })  // a hard close
        defer { fixture.stop() }
        let alice = try await ChatServerTests.member(fixture, "alice", room: "product-1")
        defer { alice.close() }
        #expect(try await alice.bid(1, 11_000).result)
        clock.advance(milliseconds: 60_000)
        #expect(await eventually { Self.events(alice, in: "product-1").contains { $0.kind == .sold } })
        let sold = Self.events(alice, in: "product-1").first { $0.kind == .sold }
        #expect(sold?.price == 11_000)
        #expect(sold?.bidder == "al…e")
    }

    @Test func aBidInTheSoftCloseWindowIsToldWithTheNewEnd() async throws {
        let clock = ManualClock(SystemClock().now())
        let endsAt = clock.now().adding(milliseconds: 10_000)
        let fixture = try Self.server(listings: ServerFixture.listings(count: 2, endsAt: endsAt), clock: clock,
                                      configure: { $0.bidding.extendWindowMilliseconds = 60_000 })
        defer { fixture.stop() }
        let alice = try await ChatServerTests.member(fixture, "alice", room: "product-1")
        defer { alice.close() }
        #expect(try await alice.bid(1, 11_000).result)
        #expect(await eventually { Self.events(alice, in: "product-1").count == 2 })
        let told = Self.events(alice, in: "product-1")
        #expect(told.map(\.kind) == [.bid, .extended])
        #expect(told.last?.endsAt.map { $0 > endsAt } == true)
    }

    @Test func aClientThatDidNotNameTheFeatureGetsNoLotEvents() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let old = try TestClient(port: fixture.socketPort, hello: false)
        defer { old.close() }
        #expect(try await old.request(.login(token: "token-alice")).result)
        _ = try await old.request(.chatJoin(room: "product-1"))
        let bob = try await ChatServerTests.loggedIn(fixture, "bob")
        defer { bob.close() }
        #expect(try await bob.bid(1, 12_000).result)
        // A later reply on the same connection: anything pushed before it has arrived.
        _ = try await old.request(.chatWho(room: "product-1"))
        #expect(old.pushes.withLock { $0.allSatisfy { if case .chatLot = $0 { false } else { true } } })
    }
}
