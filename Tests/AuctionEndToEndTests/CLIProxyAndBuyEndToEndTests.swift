import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// `auction bid --max` and `auction buy --yes` with the real binary against a real `auction-server`
/// (accounts on, a real SQLite file): what the bidder reads, and what the ledger holds afterwards.
@Suite(.serialized) struct CLIProxyAndBuyEndToEndTests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// Every stored bid of `product` as (price, automatic), oldest first.
    static func bids(of product: Int, in path: String) throws -> [(price: Int64, automatic: Bool)] {
        let database = try SQLiteDatabase(path: path, options: [.readOnly])
        defer { database.close() }
        return try database.query("SELECT price, automatic FROM bids WHERE product_id = ? ORDER BY id", [.integer(Int64(product))]) {
            ($0.int64(0), $0.int64(1) != 0)
        }
    }

    @Test func aProxyBidLeadsAndALowerBidIsRefusedOutbidByProxyWithTheNewPrice() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)

        // Alice bids 9,000,000 with a secret maximum of 9,900,000: she leads at her bid, not her maximum.
        let proxy = try await alice.run(["bid", "4", "9,000,000", "--max", "9,900,000", "--yes"])
        #expect(proxy.status == 0, "stderr: \(proxy.stderr)")
        #expect(proxy.stdout == "accepted: you lead product 4 at 9,000,000 (your maximum 9,900,000 stays secret)\n")

        // Bob's 9,200,000 is below her maximum: her proxy answers, and bob is told the new price.
        let text = try await bob.run(["bid", "4", "9,200,000", "--yes"])
        #expect(text.status == 1 && text.stdout.hasPrefix("refused: outbid — another bidder's maximum answered; product 4 is now "),
                "stdout: \(text.stdout)")
        // So is his 9,500,000, as JSON: the reason, and a current price above his bid and within her maximum.
        let refused = try await bob.run(["bid", "4", "9,500,000", "--yes", "--json"])
        #expect(refused.status == 1, "stderr: \(refused.stderr)")
        let answer = Self.json(refused.stdout)
        #expect(answer["outcome"] as? String == "refused" && answer["reason"] as? String == "outbid_by_proxy", "\(refused.stdout)")
        let current = try #require(answer["current_price"] as? Int, "\(refused.stdout)")
        #expect(current > 9_500_000 && current <= 9_900_000, "the proxy's smallest winning step, capped at its maximum: \(current)")
        #expect((answer["minimum_bid"] as? Int).map { $0 > current } == true, "\(refused.stdout)")

        // The ledger: alice's bid, bob's 9,200,000 and her automatic answer at the new price; nothing more.
        let stored = try Self.bids(of: 4, in: server.databasePath)
        #expect(stored.first?.price == 9_000_000 && stored.first?.automatic == false, "\(stored)")
        #expect(stored.last?.price == Int64(current) && stored.last?.automatic == true, "\(stored)")
        #expect(stored.allSatisfy { $0.price <= 9_900_000 })
    }

    @Test func buyNowEndsTheAuctionAndALaterBidIsRefusedAuctionClosed() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        let buyNow: Int64 = try {
            let database = try SQLiteDatabase(path: server.databasePath, options: [.readOnly])
            defer { database.close() }
            return try database.scalarInteger("SELECT buy_now_price FROM products WHERE id = 8") ?? 0
        }()
        #expect(buyNow > 0, "the demo gives product 8 a buy-now price (its seeded price is its start: never bid on)")

        let bought = try await alice.run(["buy", "8", "--yes", "--json"])
        #expect(bought.status == 0, "stderr: \(bought.stderr)")
        let answer = Self.json(bought.stdout)
        #expect(answer["outcome"] as? String == "accepted" && answer["price"] as? Int == Int(buyNow), "\(bought.stdout)")

        let late = try await bob.run(["bid", "8", String(buyNow + 1_000_000), "--yes", "--json"])
        #expect(late.status == 1, "stdout: \(late.stdout) stderr: \(late.stderr)")
        #expect(Self.json(late.stdout)["reason"] as? String == "auction_closed", "\(late.stdout)")
        let again = try await bob.run(["buy", "8", "--yes"])
        #expect(again.status == 1 && again.stderr.contains("nothing was sent"), "stderr: \(again.stderr)")
        #expect(try Self.bids(of: 8, in: server.databasePath).map(\.price) == [buyNow], "one stored purchase, no later bid")
    }
}
