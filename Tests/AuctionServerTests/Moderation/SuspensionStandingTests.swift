import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 33's suspension of a bidder on a real server with a real SQLite file: the lot is recomputed
/// from the remaining bids and maximums (a maximum the suspended bidder's proxy refused is restored),
/// the log names the bidder's role, `mine` counts only bids that stand, every later request of theirs
/// is told of the suspension (why, until when), and they leave the chat rooms' member lists at once.
@Suite struct SuspensionStandingTests {
    typealias Selling = ServerSellingTests
    typealias Moderation = ServerModerationTests

    @Test func suspendingTheLeaderRestoresTheMaximumTheirProxyRefused() async throws {
        let running = try await Moderation.start()
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod")
        let ben = try await Selling.register(running, "ben"), cat = try await Selling.register(running, "cat")
        let dan = try await Selling.register(running, "dan")
        let lot = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid))["id"] as? Int)
        let product = ProductID(lot)
        let bens = try RawSocket(port: running.addresses.socket.port), cats = try RawSocket(port: running.addresses.socket.port)
        let dans = try RawSocket(port: running.addresses.socket.port)
        defer { bens.close(); cats.close(); dans.close() }
        // Start 1,000 (increments of 50): ben leads with a 5,000 maximum; cat's 3,000 maximum is refused by it.
        let placed = await bens.exchange([ClientMessage.testHello, .login(token: ben),
                                          .bid(Bid(productID: product, price: 1_100, maximum: 5_000), userID: nil),
                                          .chatJoin(room: "lobby")])
        #expect(placed.map { $0?.result } == [true, true, true, true], "\(placed)")
        let refused = await cats.exchange([ClientMessage.testHello, .login(token: cat),
                                           .bid(Bid(productID: product, price: 1_500, maximum: 3_000), userID: nil),
                                           .chatJoin(room: "lobby")])
        #expect(refused[2]?.reason == .outbidByProxy, "\(refused)")
        #expect(try Selling.count(running, "SELECT current_price FROM products WHERE id = \(lot)") == 3_050)

        let suspended = try await Moderation.act(running, "/moderation/users/ben/suspend", #"{"reason":"shill bidding","seconds":3600}"#,
                                                 token: mod)
        #expect(suspended.status == .ok, "\(String(decoding: suspended.body, as: UTF8.self))")

        // cat's maximum stands again: cat leads at their own 1,500, not the start price with nobody.
        #expect(try Selling.count(running, "SELECT current_price FROM products WHERE id = \(lot)") == 1_500)
        #expect(try ServerRetractionTests.leader(running, lot) == Int64(try Selling.count(running, "SELECT id FROM users WHERE name = 'cat'")))
        #expect(try Selling.count(running, """
            SELECT maximum FROM proxy_maximums WHERE product_id = \(lot) AND user_id = (SELECT id FROM users WHERE name = 'cat')
            """) == 3_000)
        // The book holds it too: dan's 2,000 is answered by cat's restored proxy.
        let answered = await dans.exchange([ClientMessage.testHello, .login(token: dan),
                                            .bid(Bid(productID: product, price: 2_000), userID: nil)])
        #expect(answered.last??.reason == .outbidByProxy && answered.last??.price == 2_050, "\(answered)")
        // The log names ben's role on this lot: a bidder, not a seller.
        #expect(try Selling.count(running, """
            SELECT COUNT(*) FROM moderation_log WHERE action = 'retract_bid' AND product_id = \(lot) AND reason = 'bidder suspended: shill bidding'
            """) == 1)

        // ben's own view: no bid of theirs stands.
        let mine = try await Selling.request(running, .get, "/me/bids", token: ben)
        #expect(mine.status.code == 403, "\(String(decoding: mine.body, as: UTF8.self))")
        #expect(BidderDTO.failure(from: mine.body).reason == "suspended")
        #expect(BidderDTO.failure(from: mine.body).message?.contains("shill bidding") == true)
        #expect(try BidderStore(path: running.directory.file("auction.sqlite")).myBids(
            of: UserID(rawValue: Int64(try Selling.count(running, "SELECT id FROM users WHERE name = 'ben'"))), limit: 10).isEmpty)

        // Every request of ben's says suspended, with the reason and until when.
        let again = try RawSocket(port: running.addresses.socket.port)
        defer { again.close() }
        let told = await again.exchange([ClientMessage.testHello, .login(token: ben),
                                         .bid(Bid(productID: product, price: 9_000), userID: nil), .chatJoin(room: "lobby")])
        for reply in told.dropFirst() {
            #expect(reply?.reason == .suspended, "\(told)")
            #expect(reply?.fields["message"]?.stringValue?.contains("shill bidding") == true, "\(told)")
            #expect(reply?.fields["suspended_until"]?.stringValue?.hasSuffix("Z") == true, "\(told)")
        }
        let live = await bens.exchange([.bid(Bid(productID: product, price: 9_000), userID: nil)], first: 30)
        #expect(live.first??.reason == .suspended, "the live connection is told why too: \(live)")

        // ben left the room at once.
        let who = await cats.exchange([.chatWho(room: "lobby")], first: 40)
        let users = who.first??.fields["users"]?.arrayValue?.compactMap(\.stringValue)
        #expect(users == ["cat"], "\(who)")
    }
}
