import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// A suspension racing the suspended user's own bids on one node (SQLite): the suspension's retraction
/// of their leads reads the store only once their bids decided before the logout are stored.
@Suite struct SuspensionRaceTests {
    typealias Selling = ServerSellingTests

    /// A race round's bids, placed one after another while the suspension runs: `bid` places step 1…4;
    /// how many were acked accepted. Every refusal must be `unauthenticated` or `suspended`, and adds to `refusals`.
    static func bidFourTimes(round: Int, refusals: inout Int, _ bid: (Int64) async throws -> WireReply) async throws -> Int64 {
        var accepted: Int64 = 0
        for step in Int64(1)...4 {
            let reply = try await bid(step)
            if reply.result {
                accepted += 1
            } else {
                refusals += 1
                // `suspended` once this node logged them out (issue 33: told why); `unauthenticated` where the store refused first.
                #expect(reply.reason == .unauthenticated || reply.reason == .suspended, "round \(round): \(reply)")
            }
        }
        return accepted
    }

    /// 100 rounds: a new user bids four times in a row on a new lot while a moderator suspends them.
    /// Once the suspension is answered the user leads no open lot, every bid acked accepted is stored,
    /// and every refused one (`unauthenticated`, after the logout) is not.
    @Test func aSuspensionRacingTheUsersBidsLeavesThemNoLeadEveryRound() async throws {
        let running = try await ServerImageTests.Running.start {
            $0.accounts.moderators = ["mod"]
            $0.accounts.moderationRequestsPerMinute = 10_000
            $0.accounts.registrationsPerNetwork = .perHour(10_000)
            $0.uploads.lotsPerHour = 10_000
            $0.uploads.maximumOpenLots = 10_000
        }
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod")
        var refusals = 0
        for round in 0..<100 {
            let name = "racer\(round)"
            let token = try await Selling.register(running, name)
            let id = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid))["id"] as? Int)
            let socket = try RawSocket(port: running.addresses.socket.port)
            defer { socket.close() }
            #expect(await socket.exchange([ClientMessage.testHello, .login(token: token)]).last??.result == true)
            let suspension = Task {
                try await ServerModerationTests.act(running, "/moderation/users/\(name)/suspend", #"{"reason":"race"}"#, token: mod)
            }
            let accepted = try await Self.bidFourTimes(round: round, refusals: &refusals) { step in
                let replies = await socket.exchange([.bid(Bid(productID: ProductID(id), price: Money(1_000 + 100 * step)), userID: nil)],
                                                    first: 10 + step)
                return try #require(replies.first ?? nil, "round \(round)")
            }
            let answer = try await suspension.value
            #expect(answer.status == .ok, "round \(round): \(String(decoding: answer.body, as: UTF8.self))")
            #expect(try Selling.count(running, "SELECT COUNT(*) FROM bids WHERE product_id = \(id) AND automatic <> 2") == Int(accepted),
                    "round \(round): the acked bids are stored, the refused ones not")
            #expect(try Selling.count(running, """
                SELECT COUNT(*) FROM bids WHERE product_id = \(id) AND retracted_at IS NULL AND automatic <> 2
                """) == 0, "round \(round): the suspended user leads no lot (all their bids on it retracted)")
            #expect(try Selling.count(running, "SELECT current_price FROM products WHERE id = \(id)") == 1_000, "round \(round)")
        }
        print("suspension race: \(refusals) of 400 bids refused after the logout")
    }

    /// Where anonymous bids are allowed, a connection the suspension logged out is still told so by its
    /// next bid (`suspended`, with the reason), instead of having that bid taken silently as an anonymous one.
    @Test func aConnectionLoggedOutBySuspensionHasItsNextBidRefusedNotTakenAsAnonymous() async throws {
        let running = try await ServerImageTests.Running.start {
            $0.accounts.moderators = ["mod"]
            $0.allowAnonymousBids = true
        }
        defer { running.stop() }
        let mod = try await Selling.register(running, "mod"), bob = try await Selling.register(running, "bob")
        let id = try #require(Selling.object(try await Selling.sell(running, fields: Selling.valid))["id"] as? Int)
        let socket = try RawSocket(port: running.addresses.socket.port)
        defer { socket.close() }
        let first = await socket.exchange([ClientMessage.testHello, .login(token: bob), .bid(Bid(productID: ProductID(id), price: Money(2_000)), userID: nil)])
        #expect(first.last??.result == true)
        let suspended = try await ServerModerationTests.act(running, "/moderation/users/bob/suspend", #"{"reason":"shill"}"#, token: mod)
        #expect(suspended.status == .ok)
        let next = await socket.exchange([.bid(Bid(productID: ProductID(id), price: Money(3_000)), userID: nil)], first: 10)
        #expect(next.first??.result == false && next.first??.reason == .suspended, "\(next)")
        #expect(next.first??.fields["message"]?.stringValue?.contains("shill") == true, "told why: \(next)")
        #expect(try Selling.count(running, "SELECT COUNT(*) FROM bids WHERE product_id = \(id) AND price = 3000") == 0)
    }
}
