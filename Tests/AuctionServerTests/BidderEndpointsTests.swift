import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// `GET /me/bids` and the watchlist routes on a real server over a real SQLite file, the closes
/// driven by a manual clock.
@Suite struct BidderEndpointsTests {
    /// Users alice (1) and bob (2) with tokens `token-alice` / `token-bob`; products 1–6 ending at
    /// `start` + (60 s, 5 s, 5 s, 20 s, 60 s, -1 s); product 6 was already closed without a winner
    /// after a bid by alice, and alice keeps a proxy maximum of 50,000 on product 4.
    static func server(clock: ManualClock) throws -> ServerFixture {
        let start = clock.now()
        let offsets: [Int64] = [60_000, 5_000, 5_000, 20_000, 60_000, -1_000]
        var listings = ServerFixture.listings(count: 6)
        for index in listings.indices { listings[index].endsAt = start.adding(milliseconds: offsets[index]) }
        let sessions = FixedSessions(users: ["token-alice": ServerBidTests.alice, "token-bob": ServerBidTests.bob])
        return try ServerFixture(listings: listings, hooks: ServerHooks(makeSessionResolver: { _ in sessions }), prepare: { path in
            let accounts = try AccountStore(path: path)
            _ = try accounts.createUser(name: "alice", passwordHash: "x", at: start)
            _ = try accounts.createUser(name: "bob", passwordHash: "x", at: start)
            accounts.close()
            let database = try SQLiteDatabase(path: path)
            defer { database.close() }
            try database.run("INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at) VALUES (6, 15000, 10000, 1, ?)",
                             [.integer(start.millisecondsSinceEpoch - 2_000)])
            try database.run("UPDATE products SET current_price = 15000, closed_at = ?, final_price = 15000 WHERE id = 6",
                             [.integer(start.millisecondsSinceEpoch - 1_000)])
            try database.run("INSERT INTO proxy_maximums (product_id, user_id, maximum, placed_at) VALUES (4, 1, 50000, ?)",
                             [.integer(start.millisecondsSinceEpoch)])
        }, clock: clock, configure: { $0.bidding.extendWindowMilliseconds = 0 })  // hard closes: the test counts time exactly
    }

    static func get(_ http: HTTPClient, _ path: String, token: String?, method: HTTPMethod = .get) async throws -> HTTPResponse {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        return try await http.send(HTTPRequest(method: method, target: path, headers: headers))
    }

    @Test func myBidsSaysLeadingOutbidWonLostAndEndedWithoutAWinnerInTimeLeftOrder() async throws {
        let clock = ManualClock(SystemClock().now())
        let start = clock.now()
        let fixture = try Self.server(clock: clock)
        defer { fixture.stop() }
        let alice = try fixture.client(), bob = try fixture.client()
        defer { alice.close(); bob.close() }
        #expect(try await alice.request(.login(token: "token-alice")).result)
        #expect(try await bob.request(.login(token: "token-bob")).result)
        // Given: alice is outbid on 1, alone on 2, outbid on 3, leading on 4; bob alone on 5.
        #expect(try await alice.bid(1, 20_000).result)
        #expect(try await bob.bid(1, 21_000).result)
        #expect(try await alice.bid(2, 20_000).result)
        #expect(try await alice.bid(3, 20_000).result)
        #expect(try await bob.bid(3, 25_000).result)
        #expect(try await alice.bid(4, 20_000).result)
        #expect(try await alice.bid(4, 22_000).result)
        #expect(try await bob.bid(5, 20_000).result)

        // When: 2 and 3 end (the manual clock passes their end) and their closes are recorded.
        clock.advance(milliseconds: 5_000)
        let recorded = await eventually {
            (try? fixture.inspect { try $0.scalarInteger("SELECT COUNT(*) FROM products WHERE id IN (2, 3) AND closed_at IS NOT NULL") }) == 2
        }
        #expect(recorded)
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: fixture.httpBase), loop: loop)
        let response = try await Self.get(http, "/me/bids", token: "token-alice")

        // Then: open ones first by end (4, 1), then ended ones most recent first (2, 3 together, then 6).
        #expect(response.status == .ok)
        #expect(response.headers["Cache-Control"] == "no-store")
        let bids = try #require(BidderDTO.bids(from: response.body), "body: \(String(decoding: response.body, as: UTF8.self))")
        #expect(bids.map(\.productID) == [4, 1, 2, 3, 6])
        #expect(bids.map(\.status) == [.leading, .outbid, .won, .lost, .endedNoWinner])
        #expect(bids.map(\.myHighest) == [22_000, 20_000, 20_000, 20_000, 15_000])
        #expect(bids.map(\.myMaximum) == [50_000, nil, nil, nil, nil])
        #expect(bids.map(\.currentPrice) == [22_000, 21_000, 20_000, 25_000, 15_000])
        #expect(bids.first?.endTime == start.adding(milliseconds: 20_000))
        #expect(bids.first?.productName == "Item 4")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("\"my_maximum\":null") && text.contains("\"status\":\"ended_no_winner\""), "body: \(text)")

        let bobs = try #require(BidderDTO.bids(from: try await Self.get(http, "/me/bids", token: "token-bob").body))
        #expect(bobs.map(\.productID) == [1, 5, 3] && bobs.map(\.status) == [.leading, .leading, .won])
    }

    @Test func myBidsAndTheWatchlistNeedALogin() async throws {
        let fixture = try Self.server(clock: ManualClock(SystemClock().now()))
        defer { fixture.stop() }
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: fixture.httpBase), loop: loop)
        for (method, path) in [(HTTPMethod.get, "/me/bids"), (.get, "/watchlist"), (.put, "/watchlist/1"), (.delete, "/watchlist/1")] {
            for token in [nil, "wrong-token"] {
                let response = try await Self.get(http, path, token: token, method: method)
                #expect(response.status.code == 401, "\(method) \(path)")
                #expect(BidderDTO.failure(from: response.body).reason == "unauthenticated")
                #expect(response.headers["WWW-Authenticate"] == "Bearer")
            }
        }
    }

    @Test func watchlistAddsRemovesListsPerUserAndRefusesUnknownOrMalformedIDs() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try Self.server(clock: clock)
        defer { fixture.stop() }
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: fixture.httpBase), loop: loop)

        #expect(BidderDTO.watchlist(from: try await Self.get(http, "/watchlist", token: "token-alice").body) == [])
        for id in [3, 1, 3] {
            let added = try await Self.get(http, "/watchlist/\(id)", token: "token-alice", method: .put)
            #expect(added.status == .ok && added.body == BidderDTO.okBody)
            clock.advance(milliseconds: 1)
        }
        #expect(BidderDTO.watchlist(from: try await Self.get(http, "/watchlist", token: "token-alice").body) == [3, 1],
                "in the order added; adding again keeps one entry")
        #expect(BidderDTO.watchlist(from: try await Self.get(http, "/watchlist", token: "token-bob").body) == [], "per user")

        #expect(try await Self.get(http, "/watchlist/3", token: "token-alice", method: .delete).status == .ok)
        #expect(try await Self.get(http, "/watchlist/3", token: "token-alice", method: .delete).status == .ok, "not there: no change")
        #expect(BidderDTO.watchlist(from: try await Self.get(http, "/watchlist", token: "token-alice").body) == [1])

        for method in [HTTPMethod.put, .delete] {
            let unknown = try await Self.get(http, "/watchlist/999", token: "token-alice", method: method)
            #expect(unknown.status == .notFound)
            #expect(BidderDTO.failure(from: unknown.body).reason == "unknown_product")
            for bad in ["abc", "-1", "+1", "2147483648", "99999999999999999999"] {
                let malformed = try await Self.get(http, "/watchlist/\(bad)", token: "token-alice", method: method)
                #expect(malformed.status == .badRequest, "\(bad)")
                #expect(BidderDTO.failure(from: malformed.body).reason == "malformed")
            }
        }
        #expect(try fixture.inspect { try $0.scalarInteger("SELECT COUNT(*) FROM watchlist") } == 1, "refusals changed nothing")
    }

    @Test func aFullWatchlistRefusesAnotherProductButKeepsTheOnesItHas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("auction.sqlite")
        let catalogue = try CatalogueStore(path: path)
        try catalogue.add(ServerFixture.listings(count: 4))
        catalogue.close()
        let accounts = try AccountStore(path: path)
        let alice = try #require(try accounts.createUser(name: "alice", passwordHash: "x", at: SystemClock().now()))
        accounts.close()
        let store = try BidderStore(path: path)
        defer { store.close() }
        var router = HTTPRouter()
        router.add(BidderEndpoints(store: store, user: { $0 == "token-alice" ? alice : nil }, offload: { $0(); return true },
                                   now: { SystemClock().now() }, limits: .init(myBids: 10, watchlist: 2)))
        func answer(_ method: HTTPMethod, _ path: String) -> HTTPResponse? {
            let box = Mutex<HTTPResponse?>(nil)
            router.handle(HTTPRequest(method: method, target: path, headers: ["Authorization": "Bearer token-alice"]),
                          HTTPResponder { response in box.withLock { $0 = response } })
            return box.withLock { $0 }
        }

        #expect(answer(.put, "/watchlist/1")?.status == .ok)
        #expect(answer(.put, "/watchlist/2")?.status == .ok)
        #expect(answer(.put, "/watchlist/2")?.status == .ok, "already there: no change, even when full")
        let full = answer(.put, "/watchlist/3")
        #expect(full?.status == .conflict)
        #expect(full.map { BidderDTO.failure(from: $0.body).reason } == "watchlist_full")
        #expect(try store.watchlist(of: alice) == [1, 2])
        #expect(answer(.delete, "/watchlist/1")?.status == .ok)
        #expect(answer(.put, "/watchlist/3")?.status == .ok, "room again after a removal")
    }
}
