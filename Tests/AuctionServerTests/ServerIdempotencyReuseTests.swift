import AuctionCore
import AuctionEngine
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// An idempotency key names one request (real sockets, a real SQLite file): the same request again
/// gets the same answer, also while the first is in flight; a different one under the same key
/// (product, kind, price or maximum) is refused `idempotency_key_reused` at once; every request gets
/// exactly one reply.
@Suite struct ServerIdempotencyReuseTests {
    /// Products 1…3 at 10,000; product 3 can be bought now for 50,000; no bid rate to meet.
    static func server() throws -> ServerFixture {
        try ServerProxyBidTests.server(count: 3, terms: [3: LotTerms(buyNowPrice: Money(50_000))]) {
            $0.limits.bidsPerSecond = 1_000_000  // many rounds from one connection
        }
    }

    /// Sends `messages` in one write (completion ids 1…n) and returns every reply that came before a
    /// ping sent once `messages.count` replies arrived was answered: replies by completion id.
    static func burst(_ socket: RawSocket, _ messages: [ClientMessage]) async -> [Int64: [WireReply]] {
        var bytes: [UInt8] = []
        for (index, message) in messages.enumerated() {
            var frame = message.frame
            frame.completionID = Int64(index + 1)
            bytes += FrameEncoder.encode(frame)
        }
        guard socket.send(bytes) else { return [:] }
        let count = messages.count
        var replies = await socket.readMessages { messages in
            messages.count { if case .reply = $0 { true } else { false } } >= count
        }
        var ping = ClientMessage.ping.frame
        ping.completionID = 999
        guard socket.send(FrameEncoder.encode(ping)) else { return [:] }
        replies += await socket.readMessages { messages in
            messages.contains { if case .reply(let reply) = $0 { reply.completionID == 999 } else { false } }
        }
        var byID: [Int64: [WireReply]] = [:]
        for case .reply(let reply) in replies where reply.completionID != 999 { byID[reply.completionID, default: []].append(reply) }
        return byID
    }

    @Test func aKeyReusedForAnotherRequestIsRefusedAtOnceAndTheSameRequestWaitsForTheFirst() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let socket = try RawSocket(port: fixture.socketPort)
        defer { socket.close() }
        #expect(await socket.exchange([.login(token: "token-alice")], first: 900).first??.result == true)
        var next = Money(10_000)  // each round bids the minimum the server states next
        for round in 0..<120 {
            let key = "key-\(round)", price = next
            next = BidMinimum.afterStep(at: price, minimumIncrement: nil)
            let first = Bid(productID: 1, price: price, idempotencyKey: key)
            let replies = await Self.burst(socket, [
                .bid(first, userID: nil),                                                                    // 1: decided
                .bid(Bid(productID: 2, price: price, idempotencyKey: key), userID: nil),                     // 2: other product
                .bid(first, userID: nil),                                                                    // 3: the same, in flight
                .buyNow(3, idempotencyKey: key),                                                             // 4: other kind
                .bid(Bid(productID: 1, price: price + Money(1), idempotencyKey: key), userID: nil),          // 5: other price
                .bid(Bid(productID: 1, price: price, maximum: price + Money(5_000), idempotencyKey: key), userID: nil),  // 6: a maximum
            ])
            #expect((1...6).allSatisfy { replies[$0]?.count == 1 }, "round \(round): \(replies)")
            #expect(replies[1]?.first?.result == true && replies[1]?.first?.price == price, "round \(round)")
            #expect(replies[3]?.first?.result == true && replies[3]?.first?.price == price, "round \(round)")
            for id: Int64 in [2, 4, 5, 6] {
                #expect(replies[id]?.first?.result == false && replies[id]?.first?.reason == .idempotencyKeyReused,
                        "round \(round), request \(id): \(String(describing: replies[id]))")
            }
            // Settled: the same request is answered the same, another is still refused.
            let later = await Self.burst(socket, [.bid(first, userID: nil), .buyNow(3, idempotencyKey: key),
                                                  .bid(Bid(productID: 2, price: price, idempotencyKey: key), userID: nil)])
            #expect(later[1]?.count == 1 && later[1]?.first?.result == true && later[1]?.first?.price == price, "round \(round)")
            #expect(later[2]?.count == 1 && later[2]?.first?.reason == .idempotencyKeyReused, "round \(round)")
            #expect(later[3]?.count == 1 && later[3]?.first?.reason == .idempotencyKeyReused, "round \(round)")
        }
        // One bid per key, all on product 1; nothing on product 2, nothing bought.
        #expect(try ServerProxyBidTests.count(fixture, "SELECT COUNT(*) FROM bids WHERE product_id = 1") == 120)
        #expect(try ServerProxyBidTests.count(fixture, "SELECT COUNT(*) FROM bids WHERE product_id <> 1") == 0)
        #expect(try ServerProxyBidTests.count(fixture, "SELECT COUNT(*) FROM products WHERE bought_at IS NOT NULL") == 0)
        #expect(try ServerProxyBidTests.count(fixture, "SELECT COUNT(*) FROM proxy_maximums") == 0)
    }

    @Test func aBuyNowKeyAnswersOnlyThatBuy() async throws {
        let fixture = try Self.server()
        defer { fixture.stop() }
        let socket = try RawSocket(port: fixture.socketPort)
        defer { socket.close() }
        #expect(await socket.exchange([.login(token: "token-bob")], first: 900).first??.result == true)
        // A key used by a bid first: a buy-now under it is refused, and nothing is bought.
        let bid = await Self.burst(socket, [.bid(Bid(productID: 1, price: 12_000, idempotencyKey: "shared"), userID: nil)])
        #expect(bid[1]?.first?.result == true)
        let buy = await Self.burst(socket, [.buyNow(3, idempotencyKey: "shared"), .buyNow(3, idempotencyKey: "shared")])
        #expect(buy[1]?.count == 1 && buy[1]?.first?.reason == .idempotencyKeyReused)
        #expect(buy[2]?.count == 1 && buy[2]?.first?.reason == .idempotencyKeyReused)
        #expect(try ServerProxyBidTests.count(fixture, "SELECT COUNT(*) FROM products WHERE bought_at IS NOT NULL") == 0)
        // A buy under its own key, sent twice at once: one purchase, the same answer twice.
        let bought = await Self.burst(socket, [.buyNow(3, idempotencyKey: "buy"), .buyNow(3, idempotencyKey: "buy"),
                                               .bid(Bid(productID: 3, price: 60_000, idempotencyKey: "buy"), userID: nil)])
        #expect(bought[1]?.count == 1 && bought[1]?.first?.result == true && bought[1]?.first?.price == 50_000)
        #expect(bought[2]?.count == 1 && bought[2]?.first?.result == true && bought[2]?.first?.price == 50_000)
        #expect(bought[3]?.count == 1 && bought[3]?.first?.reason == .idempotencyKeyReused)
        #expect(try ServerProxyBidTests.count(fixture, "SELECT COUNT(*) FROM bids WHERE product_id = 3") == 1)
    }
}
