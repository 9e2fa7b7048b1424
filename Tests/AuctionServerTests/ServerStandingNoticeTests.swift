import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 33's notifications that follow the standing: an outbid by an anonymous bid reaches the
/// displaced leader as a named bidder's does, and a seller hears of a lot that ended unsold.
@Suite struct ServerStandingNoticeTests {
    typealias Notices = ServerNotificationTests

    @Test func anAnonymousBidThatTakesTheLeadSendsTheOutbidNotice() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), hooks: Notices.hooks, prepare: Notices.createUsers,
                                        clock: SystemClock(), configure: { $0.allowAnonymousBids = true })
        defer { fixture.stop() }
        let alice = try RawSocket(port: fixture.socketPort), anonymous = try RawSocket(port: fixture.socketPort)
        defer { alice.close(); anonymous.close() }
        let setup = await offPool {
            alice.exchangeBlocking([Notices.hello, .login(token: "token-alice"), Notices.bid(2, 20_000)])
                + anonymous.exchangeBlocking([Notices.hello, Notices.bid(2, 35_000)])  // never logs in
        }
        #expect(setup.map { $0?.result } == Array(repeating: true, count: 5), "\(setup)")

        let received = Notices.notices(await alice.readMessages { !Notices.notices($0).isEmpty })
        #expect(received.map(\.kind) == [.outbid], "the displaced leader hears of it, whoever outbid them")
        #expect(received.first?.price == 35_000 && received.first?.productID == 2)
        #expect(try Notices.stored(fixture).map { "\($0.user) \($0.kind) \($0.product)" } == ["1 outbid 2"])
    }

    @Test func theSellerIsToldWhenTheirLotEndsUnsold() async throws {
        let clock = ManualClock(SystemClock().now())
        let directory = try TemporaryDirectory()
        let server = AuctionHouseServer(configuration: .ephemeral(databasePath: directory.file("auction.sqlite")), log: .silent,
                                        clock: clock)
        let addresses = try server.start()
        let loop = try EventLoop.spawn(name: "test-unsold")
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL),
                              configuration: .init(responseTimeoutMilliseconds: 60_000), loop: loop)
        let token = try #require(AccountDTO.session(from: try await http.post(
            "/users/register", json: AccountDTO.credentialsBody(name: "seller", password: "correct horse")).body)).token
        let running = ServerSellingTests.Running(directory: directory, server: server, addresses: addresses, loop: loop, http: http,
                                                 token: token)
        defer { running.stop() }
        let fields = ServerSellingTests.valid.filter { $0.0 != "duration_seconds" } + [("duration_seconds", "600")]
        let id = try #require(ServerSellingTests.object(try await ServerSellingTests.sell(running, fields: fields))["id"] as? Int)
        let seller = try RawSocket(port: addresses.socket.port)
        defer { seller.close() }
        let hello = ClientMessage.hello(WireHello(client: "test", version: "0", features: [.notifications, .closing]))
        #expect(await seller.exchange([hello, .login(token: token)]).map { $0?.result } == [true, true])

        clock.advance(milliseconds: 601_000)
        let told = ServerSellingTests.notices(await seller.readMessages { ServerSellingTests.notices($0).contains { $0.kind == .unsold } })
        #expect(told.map(\.kind) == [.unsold])
        #expect(told.first?.productID == ProductID(id))
        #expect(try await eventually { try ServerSellingTests.count(running, "SELECT COUNT(*) FROM notifications WHERE kind = 'unsold'") == 1 })
    }
}
