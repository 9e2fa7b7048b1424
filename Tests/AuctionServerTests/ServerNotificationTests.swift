import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Notifications end to end: a real server on a real SQLite file, real loopback sockets and HTTP;
/// time moves only on a `ManualClock`.
@Suite struct ServerNotificationTests {
    static let users = ["alice", "bob", "carol"]
    /// `token-alice` → 1, `token-bob` → 2, `token-carol` → 3.
    static let sessions = FixedSessions(users: Dictionary(uniqueKeysWithValues: users.enumerated().map {
        ("token-\($1)", SessionUser(id: UserID(rawValue: Int64($0 + 1)), name: $1))
    }))
    static let hooks = ServerHooks(makeSessionResolver: { _ in sessions })
    /// A hello naming notifications (what a client that shows them sends).
    static let hello = ClientMessage.hello(WireHello(
        client: "test", version: "0", features: ProtocolFeature.understoodByClient + [.notifications]))

    static func createUsers(_ path: String) throws {
        let accounts = try AccountStore(path: path)
        defer { accounts.close() }
        for name in users { _ = try accounts.createUser(name: name, passwordHash: "x", at: SystemClock().now()) }
    }

    static func server(clock: any TimeSource, endsAt: Timestamp? = nil) throws -> ServerFixture {
        try ServerFixture(listings: ServerFixture.listings(count: 3, endsAt: endsAt), hooks: hooks,
                          prepare: createUsers, clock: clock)
    }

    /// The notification pushes among `messages`.
    static func notices(_ messages: [ServerMessage]) -> [AuctionNotification] {
        messages.compactMap { if case .notification(let notice) = $0 { notice } else { nil } }
    }

    static func bid(_ product: ProductID, _ price: Money) -> ClientMessage {
        .bid(Bid(productID: product, price: price), userID: nil)
    }

    /// Stored notifications as (user, kind, product), oldest first.
    static func stored(_ fixture: ServerFixture) throws -> [(user: Int64, kind: String, product: Int64)] {
        try fixture.inspect { database in
            try database.query("SELECT user_id, kind, product_id FROM notifications ORDER BY id") {
                ($0.int64(0), $0.text(1), $0.int64(2))
            }
        }
    }

    @Test func outbidReachesEveryConnectionOfTheOutbidUserAndNobodyElse() async throws {
        let fixture = try Self.server(clock: SystemClock())
        defer { fixture.stop() }
        let first = try RawSocket(port: fixture.socketPort), second = try RawSocket(port: fixture.socketPort)
        let original = try RawSocket(port: fixture.socketPort), bob = try RawSocket(port: fixture.socketPort)
        let carol = try RawSocket(port: fixture.socketPort)
        defer { for socket in [first, second, original, bob, carol] { socket.close() } }
        let setup = await offPool {
            first.exchangeBlocking([Self.hello, .login(token: "token-alice"), Self.bid(2, 20_000)])
                + second.exchangeBlocking([Self.hello, .login(token: "token-alice")])
                + original.exchangeBlocking([.login(token: "token-alice")])  // never says hello
                + carol.exchangeBlocking([Self.hello, .login(token: "token-carol")])
                + bob.exchangeBlocking([Self.hello, .login(token: "token-bob"), Self.bid(2, 35_000)])
        }
        #expect(setup.map { $0?.result } == Array(repeating: true, count: 11), "\(setup)")

        for socket in [first, second] {
            let received = Self.notices(await socket.readMessages { !Self.notices($0).isEmpty })
            #expect(received.count == 1)
            let notice = try #require(received.first)
            #expect(notice.kind == .outbid && notice.productID == 2 && notice.price == 35_000)
            #expect(notice.productName == "Item 2" && notice.maximum == nil && notice.id > 0)
        }
        // The others get nothing before the reply to a later ping (the push went out to all at once).
        for socket in [original, bob, carol] {
            #expect(Self.notices(await Self.pinged(socket)).isEmpty)
        }
        #expect(try Self.stored(fixture).map { "\($0.user) \($0.kind) \($0.product)" } == ["1 outbid 2"])
    }

    @Test func anOutbidNoticeCarriesTheOutbidUsersStoredMaximum() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), hooks: Self.hooks, prepare: { path in
            try Self.createUsers(path)
            let database = try SQLiteDatabase.openStore(at: path)
            defer { database.close() }
            try database.run("INSERT INTO proxy_maximums (product_id, user_id, maximum, placed_at) VALUES (2, 1, 34000, 0)")
        }, clock: SystemClock())
        defer { fixture.stop() }
        let alice = try RawSocket(port: fixture.socketPort), bob = try RawSocket(port: fixture.socketPort)
        defer { alice.close(); bob.close() }
        let setup = await offPool {
            alice.exchangeBlocking([Self.hello, .login(token: "token-alice"), Self.bid(2, 20_000)])
                + bob.exchangeBlocking([.login(token: "token-bob"), Self.bid(2, 35_000)])
        }
        #expect(setup.map { $0?.result } == Array(repeating: true, count: 5), "\(setup)")

        let received = Self.notices(await alice.readMessages { !Self.notices($0).isEmpty })
        #expect(received.map(\.kind) == [.outbid])
        #expect(received.first?.price == 35_000 && received.first?.maximum == 34_000)
    }

    /// Alice and bob say hello and log in; alice bids 20,000 on product 1, bob 30,000; alice's
    /// outbid notice is stored. The caller closes both sockets.
    static func bobOutbidsAlice(on fixture: ServerFixture) async throws -> (alice: RawSocket, bob: RawSocket) {
        let alice = try RawSocket(port: fixture.socketPort), bob = try RawSocket(port: fixture.socketPort)
        let setup = await offPool {
            alice.exchangeBlocking([Self.hello, .login(token: "token-alice"), Self.bid(1, 20_000)])
                + bob.exchangeBlocking([Self.hello, .login(token: "token-bob"), Self.bid(1, 30_000)])
        }
        #expect(setup.map { $0?.result } == Array(repeating: true, count: 6), "\(setup)")
        #expect(await eventually { (try? Self.stored(fixture).count) == 1 }, "alice's outbid notice is stored")
        return (alice, bob)
    }

    @Test func wonAndLostArriveWhenTheAuctionCloses() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try Self.server(clock: clock, endsAt: clock.now().adding(milliseconds: 600_000))
        defer { fixture.stop() }
        let (alice, bob) = try await Self.bobOutbidsAlice(on: fixture)
        defer { alice.close(); bob.close() }

        clock.advance(milliseconds: 600_000)

        let toAlice = Self.notices(await alice.readMessages { Self.notices($0).contains { $0.kind == .lost } })
        #expect(toAlice.map(\.kind) == [.outbid, .lost])
        #expect(toAlice.last?.price == 30_000 && toAlice.last?.productID == 1)
        let toBob = Self.notices(await bob.readMessages { Self.notices($0).contains { $0.kind == .won } })
        #expect(toBob.map(\.kind) == [.won])
        #expect(toBob.first?.price == 30_000)
        #expect(try Self.stored(fixture).map { "\($0.user) \($0.kind) \($0.product)" } == ["1 outbid 1", "2 won 1", "1 lost 1"])
    }

    @Test func endingSoonIsSentOnceAndNotAgainAfterARestart() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try Self.server(clock: clock, endsAt: clock.now().adding(milliseconds: 1_200_000))
        defer { fixture.stop() }
        let (alice, bob) = try await Self.bobOutbidsAlice(on: fixture)
        defer { alice.close(); bob.close() }

        clock.advance(milliseconds: 960_000)  // 4 minutes left

        let toAlice = Self.notices(await alice.readMessages { Self.notices($0).contains { $0.kind == .endingSoon } })
        #expect(toAlice.map(\.kind) == [.outbid, .endingSoon])
        #expect(toAlice.last?.price == 30_000)
        clock.advance(milliseconds: 60_000)  // another check: nothing new
        #expect(Self.notices(await Self.pinged(bob)).isEmpty, "bob leads: no ending-soon notice")

        // A restart on the same file, still inside the window: alice is not told again. Carol then
        // outbids bob, who is told both (his notice is stored after the restart's first check).
        fixture.server.stop()
        alice.close()
        bob.close()
        var configuration = ServerConfiguration.ephemeral(databasePath: fixture.databasePath)
        configuration.seedDemoCatalogue = false
        let restarted = AuctionHouseServer(configuration: configuration, log: .silent, hooks: Self.hooks, clock: clock)
        let addresses = try restarted.start()
        defer { restarted.stop() }
        let carol = try RawSocket(port: addresses.socket.port)
        defer { carol.close() }
        let bid = await carol.exchange([Self.hello, .login(token: "token-carol"), Self.bid(1, 40_000)])
        #expect(bid.map { $0?.result } == [true, true, true])
        clock.advance(milliseconds: 60_000)
        #expect(await eventually { (try? Self.stored(fixture).filter { $0.user == 2 }.count) == 2 })
        #expect(try Self.stored(fixture).map { "\($0.user) \($0.kind)" } == [
            "1 outbid", "1 ending_soon", "2 outbid", "2 ending_soon",
        ])
    }

    @Test func httpListsUnseenNotificationsAndMarksThemSeenForTheTokensUserOnly() async throws {
        let fixture = try Self.server(clock: SystemClock())
        defer { fixture.stop() }
        let alice = try RawSocket(port: fixture.socketPort), bob = try RawSocket(port: fixture.socketPort)
        defer { alice.close(); bob.close() }
        let setup = await offPool {
            alice.exchangeBlocking([.login(token: "token-alice"), Self.bid(3, 20_000)])
                + bob.exchangeBlocking([.login(token: "token-bob"), Self.bid(3, 30_000)])
        }
        #expect(setup.map { $0?.result } == [true, true, true, true], "\(setup)")
        #expect(await eventually { (try? Self.stored(fixture).count) == 1 })
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: fixture.httpBase), loop: loop)
        func send(_ method: HTTPMethod, _ target: String, token: String?, body: String = "") async throws -> (Int, JSONValue?) {
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
            let response = try await http.send(HTTPRequest(method: method, target: target, headers: headers, body: Array(body.utf8)))
            return (response.status.code, try? JSONValue.parse(response.body))
        }

        #expect(try await send(.get, "/notifications", token: nil).0 == 401)
        #expect(try await send(.get, "/notifications", token: "token-nobody").0 == 401)
        #expect(try await send(.post, "/notifications/seen", token: nil, body: #"{"up_to":1}"#).0 == 401)
        let (status, listed) = try await send(.get, "/notifications", token: "token-alice")
        #expect(status == 200)
        let notices = try #require(listed?["notifications"]?.arrayValue)
        #expect(notices.count == 1)
        #expect(notices.first?["kind"] == .string("outbid") && notices.first?["product_id"] == .int(3))
        #expect(notices.first?["price"] == .int(30_000) && notices.first?["product_name"] == .string("Item 3"))
        let id = try #require(notices.first?["id"]?.intValue)
        #expect(try await send(.get, "/notifications", token: "token-bob").1?["notifications"] == .array([]))

        let bad = try await send(.post, "/notifications/seen", token: "token-alice", body: #"{"up_to":"all"}"#)
        #expect(bad.0 == 400 && bad.1?["reason"] == .string("invalid_up_to"))
        #expect(try await send(.post, "/notifications/seen", token: "token-alice", body: #"{"up_to":0}"#).0 == 400)
        #expect(try await send(.get, "/notifications?all=2", token: "token-alice").1?["reason"] == .string("invalid_query"))
        #expect(try await send(.post, "/notifications/seen", token: "token-bob", body: "{\"up_to\":\(id)}").0 == 200)
        #expect(try await send(.get, "/notifications", token: "token-alice").1?["notifications"]?.arrayValue?.count == 1,
                "bob cannot mark alice's notices")
        let seen = try await send(.post, "/notifications/seen", token: "token-alice", body: "{\"up_to\":\(id)}")
        #expect(seen.0 == 200 && seen.1 == .object(JSONObject([("ok", .bool(true))])))
        #expect(try await send(.get, "/notifications", token: "token-alice").1?["notifications"] == .array([]))
        #expect(try await send(.get, "/notifications?all=1", token: "token-alice").1?["notifications"]?.arrayValue?.count == 1)
    }

    /// Sends a ping (completion id 99) and returns what came up to its reply.
    static func pinged(_ socket: RawSocket) async -> [ServerMessage] {
        var frame = ClientMessage.ping.frame
        frame.completionID = 99
        socket.send(FrameEncoder.encode(frame))
        return await socket.readMessages { $0.contains { if case .reply = $0 { true } else { false } } }
    }
}
