import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Issue 11 through a real server on loopback and a real SQLite file: proxy bids, soft close,
/// reserve, buy-now and bad input.
@Suite struct ServerProxyBidTests {
    /// A hello naming end-time pushes as well as the CLI's features.
    static let extensionsHello = ClientMessage.hello(WireHello(
        client: "test", version: "0", features: ProtocolFeature.understoodByClient + [.extensions]))

    /// A server with users alice (1) and bob (2) over `count` products at 10,000, product terms set first.
    static func server(count: Int = 3, endsAt: Timestamp? = nil, terms: [Int: LotTerms] = [:],
                       clock: any TimeSource = SystemClock(),
                       configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> ServerFixture {
        let sessions = FixedSessions(users: ["token-alice": ServerBidTests.alice, "token-bob": ServerBidTests.bob])
        return try ServerFixture(
            listings: ServerFixture.listings(count: count, endsAt: endsAt), hooks: ServerHooks(makeSessionResolver: { _ in sessions }),
            prepare: { path in
                let accounts = try AccountStore(path: path)
                _ = try accounts.createUser(name: "alice", passwordHash: "x", at: SystemClock().now())
                _ = try accounts.createUser(name: "bob", passwordHash: "x", at: SystemClock().now())
                accounts.close()
                let store = try CatalogueStore(path: path)
                defer { store.close() }
                for (id, lotTerms) in terms { try store.setTerms(of: ProductID(id), lotTerms) }
            }, clock: clock, configure: configure)
    }

    static func count(_ fixture: ServerFixture, _ sql: String) throws -> Int64? {
        try fixture.inspect { try $0.scalarInteger(sql) }
    }

    @Test func aProxyAnswerIsRepliedPushedAndStoredWithItsMaximum() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let alice = try RawSocket(port: fixture.socketPort), bob = try RawSocket(port: fixture.socketPort)
        let watcher = try RawSocket(port: fixture.socketPort)
        defer { alice.close(); bob.close(); watcher.close() }
        let watching = await watcher.exchange([.testHello, .subscribe([1])])
        #expect(watching.map { $0?.result } == [true, true])
        // Given alice leads product 1 with a secret maximum of 50,000
        let first = await alice.exchange([.testHello, .login(token: "token-alice"),
                                          .bid(Bid(productID: 1, price: 20_000, maximum: 50_000), userID: nil)])
        #expect(first.map { $0?.result } == [true, true, true])
        #expect(first[2]?.fields["leading"] == .bool(true))
        // When bob bids 30,000 without a maximum
        let second = await bob.exchange([.login(token: "token-bob"), .bid(Bid(productID: 1, price: 30_000), userID: nil)])
        // Then bob is refused outbid_by_proxy at alice's answer, which is pushed and stored as automatic
        let refusal = try #require(second[1])
        #expect(refusal.result == false)
        #expect(refusal.reason == .outbidByProxy)
        let answer = try #require(refusal.price)
        #expect(answer > 30_000 && answer <= 50_000)
        let pushes = await watcher.readMessages { messages in
            messages.contains { if case .price(let update) = $0 { update.price == answer } else { false } }
        }
        #expect(pushes.contains { if case .price(let update) = $0 { update.price == answer } else { false } })
        let stored = try fixture.inspect { database in
            try database.query("SELECT price, user_id, automatic FROM bids WHERE product_id = 1 ORDER BY id") {
                [$0.int64(0), $0.int64(1), $0.int64(2)]
            }
        }
        #expect(stored == [[20_000, 1, 0], [answer.minorUnits, 1, 1]])
        #expect(try Self.count(fixture, "SELECT maximum FROM proxy_maximums WHERE product_id = 1 AND user_id = 1") == 50_000)
        #expect(try Self.count(fixture, "SELECT current_price FROM products WHERE id = 1") == answer.minorUnits)
    }

    @Test func aBidInTheWindowMovesTheEndPushesItAndTheAuctionClosesAtTheMovedTime() async throws {
        let clock = ManualClock(SystemClock().now())
        let start = clock.now()
        let endsAt = start.adding(milliseconds: 30_000)
        let fixture = try Self.server(count: 1, endsAt: endsAt, clock: clock)
        defer { fixture.stop() }
        let bidder = try RawSocket(port: fixture.socketPort), watcher = try RawSocket(port: fixture.socketPort)
        defer { bidder.close(); watcher.close() }
        var setup = await offPool {
            watcher.exchangeBlocking([Self.extensionsHello, .subscribe([1])])
                + bidder.exchangeBlocking([.testHello, .login(token: "token-bob"), .bid(Bid(productID: 1, price: 20_000), userID: nil)])
        }
        #expect(setup.map { $0?.result } == [true, true, true, true, true])
        setup.removeFirst()
        let moved = start.adding(milliseconds: 120_000)
        #expect(setup[3]?.fields["ends_at"] == .int(moved.millisecondsSinceEpoch))
        let pushed = await watcher.readMessages { messages in
            messages.contains { if case .endTime = $0 { true } else { false } }
        }
        #expect(pushed.contains(.endTime(1, endsAt: moved, extensions: 1)))
        #expect(try Self.count(fixture, "SELECT ends_at FROM products WHERE id = 1") == moved.millisecondsSinceEpoch)
        #expect(try Self.count(fixture, "SELECT extensions FROM products WHERE id = 1") == 1)

        // Past the first end time the auction is still open; a bid with 70 s left (outside the
        // window) does not move the end again, and the auction closes at the moved time
        clock.advance(milliseconds: 50_000)
        let later = await bidder.exchange([.bid(Bid(productID: 1, price: 25_000), userID: nil)], first: 10)
        #expect(later.first??.result == true)
        clock.advance(milliseconds: 69_999)
        #expect(try Self.count(fixture, "SELECT COUNT(*) FROM products WHERE closed_at IS NOT NULL") == 0)
        clock.advance(milliseconds: 1)
        let closed = await watcher.readMessages { messages in
            messages.contains { if case .auctionClosed = $0 { true } else { false } }
        }
        #expect(closed.contains(.auctionClosed(1, finalPrice: 25_000, winner: "bob", status: .sold)))
    }

    @Test func aMovedEndSurvivesARestart() async throws {
        let clock = ManualClock(SystemClock().now())
        let start = clock.now()
        let fixture = try Self.server(count: 1, endsAt: start.adding(milliseconds: 10_000), clock: clock)
        defer { fixture.stop() }
        let bidder = try RawSocket(port: fixture.socketPort)
        let placed = await bidder.exchange([.login(token: "token-bob"), .bid(Bid(productID: 1, price: 20_000), userID: nil)])
        #expect(placed.map { $0?.result } == [true, true])
        bidder.close()
        fixture.server.stop()
        // A second server on the same file, past the original end but before the moved one
        clock.advance(milliseconds: 60_000)
        let sessions = FixedSessions(users: ["token-bob": ServerBidTests.bob])
        let again = AuctionHouseServer(configuration: .ephemeral(databasePath: fixture.databasePath),
                                       hooks: ServerHooks(makeSessionResolver: { _ in sessions }), clock: clock)
        let addresses = try again.start()
        defer { again.stop() }
        let client = try RawSocket(port: addresses.socket.port)
        defer { client.close() }
        let retried = await client.exchange([.login(token: "token-bob"), .bid(Bid(productID: 1, price: 30_000), userID: nil)])
        #expect(retried.map { $0?.result } == [true, true], "\(retried)")
    }

    @Test func anAuctionEndingBelowItsReserveClosesWithoutAWinner() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try Self.server(count: 1, endsAt: clock.now().adding(milliseconds: 5_000),
                                      terms: [1: LotTerms(reservePrice: 50_000)], clock: clock,
                                      configure: { $0.bidding.extendWindowMilliseconds = 0 })
        defer { fixture.stop() }
        let bidder = try RawSocket(port: fixture.socketPort), watcher = try RawSocket(port: fixture.socketPort)
        defer { bidder.close(); watcher.close() }
        let setup = await offPool {
            watcher.exchangeBlocking([.testHello, .subscribe([1])])
                + bidder.exchangeBlocking([.login(token: "token-bob"), .bid(Bid(productID: 1, price: 20_000), userID: nil)])
        }
        #expect(setup.map { $0?.result } == [true, true, true, true])
        clock.advance(milliseconds: 5_000)
        let frames = await offPool { watcher.readFramesBlocking(until: 5) }
        let closed = try #require(frames.first { $0.dataType == 5 })
        #expect(closed.data["reserve_met"] == .bool(false))
        #expect(closed.data["winner"] == .null)
        let recorded = await eventually { (try? Self.count(fixture, "SELECT COUNT(*) FROM products WHERE closed_at IS NOT NULL")) == 1 }
        #expect(recorded)
        #expect(try Self.count(fixture, "SELECT COUNT(*) FROM products WHERE winner_id IS NOT NULL") == 0)
    }

    @Test func buyingNowEndsTheAuctionAndLaterBidsAndBuysAreRefused() async throws {
        let fixture = try Self.server(count: 2, endsAt: SystemClock().now().adding(milliseconds: 3_600_000),
                                      terms: [1: LotTerms(buyNowPrice: 80_000), 2: LotTerms(buyNowPrice: 80_000)])
        defer { fixture.stop() }
        let alice = try RawSocket(port: fixture.socketPort), bob = try RawSocket(port: fixture.socketPort)
        let watcher = try RawSocket(port: fixture.socketPort)
        defer { alice.close(); bob.close(); watcher.close() }
        _ = await watcher.exchange([.testHello, .subscribe([1])])
        _ = await bob.exchange([.login(token: "token-bob")])
        let bought = await alice.exchange([.login(token: "token-alice"), .buyNow(1, idempotencyKey: "buy-1")])
        #expect(bought[1]?.result == true)
        #expect(bought[1]?.price == 80_000)
        let late = await bob.exchange([.bid(Bid(productID: 1, price: 90_000), userID: nil)], first: 10)
        #expect(late.first??.reason == .auctionClosed)
        let closed = await offPool { watcher.readFramesBlocking(until: 5) }
        #expect(closed.first { $0.dataType == 5 }?.data["bought"] == .bool(true))
        // On product 2 a first bid takes buy-now away
        let bid = await bob.exchange([.bid(Bid(productID: 2, price: 20_000), userID: nil)], first: 20)
        #expect(bid.first??.result == true)
        let refused = await alice.exchange([.buyNow(2, idempotencyKey: nil)], first: 30)
        #expect(refused.first??.reason == .buyNowUnavailable)
        #expect(try Self.count(fixture, "SELECT COUNT(*) FROM bids") == 2)
        #expect(try Self.count(fixture, "SELECT bought_at IS NOT NULL FROM products WHERE id = 1") == 1)
        let recorded = await eventually { (try? Self.count(fixture, "SELECT winner_id FROM products WHERE id = 1")) == 1 }
        #expect(recorded)
    }

    @Test func badMaximumsAreRefusedAndChangeNothing() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try Self.server(count: 2, endsAt: clock.now().adding(milliseconds: 1_000), clock: clock,
                                      configure: { $0.bidding.extendWindowMilliseconds = 0 })
        defer { fixture.stop() }
        let client = try RawSocket(port: fixture.socketPort)
        defer { client.close() }
        let replies = await client.exchange([
            .login(token: "token-alice"),
            .bid(Bid(productID: 1, price: 30_000, maximum: 20_000), userID: nil),
            .bid(Bid(productID: 1, price: 30_000, maximum: Money.largestExact), userID: nil),
        ])
        #expect(replies[1]?.reason == .maximumBelowBid)
        #expect(replies[2]?.result == false)
        clock.advance(milliseconds: 1_000)
        let closed = await eventually { (try? Self.count(fixture, "SELECT COUNT(*) FROM products WHERE closed_at IS NOT NULL")) == 2 }
        #expect(closed)
        let late = await client.exchange([.bid(Bid(productID: 2, price: 30_000, maximum: 40_000), userID: nil)], first: 10)
        #expect(late.first??.reason == .auctionClosed)
        #expect(try Self.count(fixture, "SELECT COUNT(*) FROM bids") == 0)
        #expect(try Self.count(fixture, "SELECT COUNT(*) FROM proxy_maximums") == 0)
    }

    @Test func theCatalogueShowsReserveStateBuyNowBidCountAndTheMovedEnd() async throws {
        // Server time stands still (a manual clock), so a slow machine cannot end the auctions mid-test.
        let clock = ManualClock(SystemClock().now())
        let endsAt = clock.now().adding(milliseconds: 30_000)
        let fixture = try Self.server(count: 3, endsAt: endsAt, terms: [
            1: LotTerms(reservePrice: 50_000), 2: LotTerms(buyNowPrice: 90_000), 3: LotTerms(buyNowPrice: 90_000),
        ], clock: clock)
        defer { fixture.stop() }
        let client = try RawSocket(port: fixture.socketPort)
        defer { client.close() }
        let placed = await client.exchange([.login(token: "token-bob"), .bid(Bid(productID: 1, price: 20_000), userID: nil),
                                            .bid(Bid(productID: 3, price: 20_000), userID: nil)])
        #expect(placed.map { $0?.result } == [true, true, true])
        let port = fixture.addresses.http.port
        let page = await offPool { SourceBoundHTTP.post(port: port, from: "127.0.0.1", path: "/products/alllist", json: #"{"index":0}"#) }
        let body = page?.body ?? ""
        let items = try #require(try JSONValue.parse(body).arrayValue)
        var byID: [Int64: JSONValue] = [:]
        for item in items { if let id = item["product_id"]?.intValue { byID[Int64(id)] = item } }
        #expect(byID[1]?["reserve_met"] == .bool(false))
        #expect(byID[1]?["bid_count"] == .int(1))
        #expect(byID[1]?["extensions"] == .int(1))
        #expect((byID[1]?["end_time"]?.intValue ?? 0) > endsAt.millisecondsSinceEpoch, "the moved end")
        #expect(byID[2]?["buy_now_price"] == .int(90_000))
        #expect(byID[2]?["reserve_met"] == nil, "no reserve: no field")
        #expect(byID[3]?["buy_now_price"] == nil, "gone after the first bid")
        #expect(!body.contains("50000"), "the reserve amount is never sent")
    }

    @Test func anOriginalDialectClientGetsOnlyRepliesAndPrices() async throws {
        // The server's time stands still: a slow start on a loaded machine must not carry the bid past the end.
        let clock = ManualClock(SystemClock().now())
        let fixture = try Self.server(count: 1, endsAt: clock.now().adding(milliseconds: 30_000), clock: clock)
        defer { fixture.stop() }
        let original = try RawSocket(port: fixture.socketPort)
        defer { original.close() }
        // Without a hello: a list state (the original's first request), login, a bid in the soft-close window
        let replies = await original.exchange([.listState(stateNumber: 0), .login(token: "token-bob")])
        #expect(replies.map { $0?.result } == [true, true])
        let bid = await original.exchange([.bid(Bid(productID: 1, price: 20_000), userID: nil)], first: 3)
        #expect(bid.first??.result == true, "the bid's reply: \(String(describing: bid.first ?? nil))")
        #expect(bid.first??.fields["leading"] == nil && bid.first??.fields["ends_at"] == nil,
                "no leading/ends_at for a client that did not say hello")
        #expect(bid.first??.fields["next_minimum"] != nil, "the minimum goes to every client; the original app reads only `result`")
    }
}

extension RawSocket {
    /// Frames read until one of `dataType` arrives (that one included), or nothing more comes (EOF, 10 s timeout).
    func readFramesBlocking(until dataType: Int) -> [Frame] {
        var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
        var read: [Frame] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let event = decoder.nextEvent() {
                guard case .frame(let frame) = event else { continue }
                read.append(frame)
                if frame.dataType == dataType { return read }
            }
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { return read }
            decoder.append(Array(chunk[0..<received]))
        }
    }
}
