import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 33, item 3: standing pushes (11) on a real server over loopback with a real SQLite file. Every
/// connection of a user hears their leading, outbid, won and lost, whichever connection bid; time moves
/// only on a `ManualClock`.
@Suite struct ServerStandingTests {
    typealias Notices = ServerNotificationTests

    /// The standing pushes among `messages`.
    static func standings(_ messages: [ServerMessage]) -> [StandingChange] {
        messages.compactMap { if case .standing(let change) = $0 { change } else { nil } }
    }

    /// Reads `socket` until a standing push for `product` says `standing`; returns every standing push read.
    static func awaitStanding(_ socket: RawSocket, _ product: ProductID, _ standing: MyBidStatus) async -> [StandingChange] {
        standings(await socket.readMessages { messages in
            standings(messages).contains { if case .lot(product, standing, _) = $0 { true } else { false } }
        })
    }

    @Test func aWatchHearsItsUsersStandingWhicheverConnectionBid() async throws {
        let fixture = try Notices.server(clock: SystemClock())
        defer { fixture.stop() }
        let watch = try RawSocket(port: fixture.socketPort), terminal = try RawSocket(port: fixture.socketPort)
        let bob = try RawSocket(port: fixture.socketPort), original = try RawSocket(port: fixture.socketPort)
        let bobsWatch = try RawSocket(port: fixture.socketPort)
        defer { for socket in [watch, terminal, bob, original, bobsWatch] { socket.close() } }
        let setup = await offPool {
            watch.exchangeBlocking([Notices.hello, .login(token: "token-alice")])
                + bobsWatch.exchangeBlocking([Notices.hello, .login(token: "token-bob")])
                + original.exchangeBlocking([.login(token: "token-alice")])  // never says hello: never sent a push 11
                + terminal.exchangeBlocking([Notices.hello, .login(token: "token-alice"), Notices.bid(2, 20_000)])
        }
        #expect(setup.map { $0?.result } == Array(repeating: true, count: 8), "\(setup)")
        #expect(await Self.awaitStanding(watch, 2, .leading) == [.lot(2, standing: .leading, price: 20_000)])

        #expect(await bob.exchange([Notices.hello, .login(token: "token-bob"), Notices.bid(2, 35_000)]).last??.result == true)
        #expect(await Self.awaitStanding(watch, 2, .outbid) == [.lot(2, standing: .outbid, price: 35_000)])
        #expect(await Self.awaitStanding(bobsWatch, 2, .leading).last == .lot(2, standing: .leading, price: 35_000))

        // Alice takes the lead back from her other terminal: the watch's marker follows without a reload.
        #expect(await terminal.exchange([Notices.bid(2, 60_000)]).last??.result == true)
        #expect(await Self.awaitStanding(watch, 2, .leading) == [.lot(2, standing: .leading, price: 60_000)])
        #expect(await Self.awaitStanding(bobsWatch, 2, .outbid).last == .lot(2, standing: .outbid, price: 60_000))
        #expect(Self.standings(await Notices.pinged(original)).isEmpty, "a connection that did not name `standing` gets none")
    }

    @Test func wonAndLostReachEveryBidderWhenTheLotCloses() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try Notices.server(clock: clock, endsAt: clock.now().adding(milliseconds: 600_000))
        defer { fixture.stop() }
        let (alice, bob) = try await Notices.bobOutbidsAlice(on: fixture)
        defer { alice.close(); bob.close() }
        clock.advance(milliseconds: 600_000)
        #expect(await Self.awaitStanding(alice, 1, .lost).last == .lot(1, standing: .lost, price: 30_000))
        #expect(await Self.awaitStanding(bob, 1, .won).last == .lot(1, standing: .won, price: 30_000))
    }

    @Test func aSuspensionEndsTheStandingOfEveryConnectionOfTheUser() async throws {
        let running = try await ServerModerationTests.start()
        defer { running.stop() }
        let mod = try await ServerSellingTests.register(running, "mod"), bob = try await ServerSellingTests.register(running, "bob")
        let watch = try RawSocket(port: running.addresses.socket.port)
        defer { watch.close() }
        let first = await watch.exchange([ClientMessage.testHello, .login(token: bob), .bid(Bid(productID: 1, price: Money(2_000_000)), userID: nil)])
        #expect(first.last??.result == true, "\(first)")

        let suspended = try await ServerModerationTests.act(running, "/moderation/users/bob/suspend",
                                                            #"{"reason":"shill bidding","seconds":3600}"#, token: mod)
        #expect(suspended.status == .ok)
        let ended = Self.standings(await watch.readMessages { messages in
            Self.standings(messages).contains { if case .loginEnded = $0 { true } else { false } }
        })
        guard case .loginEnded(let reason, let message)? = ended.last else {
            Issue.record("no end of login pushed: \(ended)")
            return
        }
        #expect(reason == "suspended" && message.contains("shill bidding"), "\(message)")
    }
}
