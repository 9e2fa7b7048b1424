import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// The seller's rules on two nodes sharing PostgreSQL: no bid or buy on one's own lot on either node,
/// and a seller's change racing a bid (on the same node or the other) never both succeed — checked
/// in the shared store after every round.
@Suite struct ClusterSellerRulesTests {
    typealias TwoNodes = ClusterLotsTests.TwoNodes

    /// A client on node `node` logged in with `token`.
    static func client(_ cluster: TwoNodes, _ node: Int, token: String) async throws -> TestClient {
        let client = try TestClient(port: cluster.nodes[node].socketPort)
        #expect(try await client.request(.login(token: token)).result)
        return client
    }

    /// A newly registered user's token (through node A).
    static func register(_ cluster: TwoNodes, _ name: String) async throws -> String {
        let registered = try await cluster.http[0].post("/users/register", json: AccountDTO.credentialsBody(name: name, password: "correct horse"))
        return try #require(AccountDTO.session(from: registered.body)).token
    }

    /// A stored product's row: withdrawn, bid count, start and current price.
    static func stored(_ cluster: TwoNodes, _ id: Int) throws -> Row {
        let rows = try cluster.store.connection.query(
            "SELECT (withdrawn_at IS NOT NULL)::int, bid_count, start_price, current_price FROM products WHERE id = ?",
            [.integer(Int64(id))]) { ($0.int64(0) != 0, $0.int64(1), $0.int64(2), $0.int64(3)) }
        return try #require(rows.first)
    }

    @Test func aSellerCanNeitherBidOnNorBuyTheirOwnLotOnAnyNode() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let id = try await cluster.sell(0, extra: ",\"buy_now\":50000")
        #expect(await ClusterLotsTests.settles { (try? await cluster.listed(1).contains(id)) == true })
        for node in 0..<2 {
            let seller = try await Self.client(cluster, node, token: cluster.token)
            defer { seller.close() }
            let bid = try await seller.bid(id, 2_000)
            #expect(!bid.result && bid.reason == .ownLot, "node \(node): \(bid)")
            let proxy = try await seller.request(.bid(Bid(productID: ProductID(id), price: 2_000, maximum: Money(9_000)), userID: nil))
            #expect(!proxy.result && proxy.reason == .ownLot, "node \(node)")
            let buy = try await seller.request(.buyNow(ProductID(id), idempotencyKey: nil))
            #expect(!buy.result && buy.reason == .ownLot, "node \(node)")
        }
        #expect(try Self.stored(cluster, id).bids == 0)
        #expect(try cluster.count("SELECT COUNT(*) FROM products WHERE bought_at IS NOT NULL") == 0)
    }

    /// A stored product's row.
    typealias Row = (withdrawn: Bool, bids: Int64, start: Int64, current: Int64)

    /// 120 rounds: a lot listed through node A, then the seller's `change` of it (through node A) and a
    /// bid of 2,000 by another user (on node A, then on node B, in turn) sent together; `check` gets the
    /// change's answer, the bid's reply and the stored row of every round.
    static func race(_ change: @escaping @Sendable (TwoNodes, Int) async throws -> HTTPResponse,
                     check: (Int, HTTPResponse, WireReply, Row) -> Void) async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let token = try await Self.register(cluster, "racer")
        var bidders: [TestClient] = []
        defer { bidders.forEach { $0.close() } }
        for round in 0..<120 {
            // A fresh pair of connections every 40 rounds: under the per-connection bid rate.
            if round % 40 == 0 {
                bidders.forEach { $0.close() }
                bidders = [try await Self.client(cluster, 0, token: token), try await Self.client(cluster, 1, token: token)]
            }
            let id = try await cluster.sell(0), racer = bidders[round % 2]
            if round % 2 == 1 { #expect(await ClusterLotsTests.settles { (try? await racer.bid(id, 1).reason) != .unknownProduct }) }
            async let changed = change(cluster, id)
            async let bid = racer.bid(id, 2_000)
            let (answer, reply) = try await (changed, bid)
            check(round, answer, reply, try Self.stored(cluster, id))
        }
    }

    @Test func aWithdrawalAndABidOnEitherNodeNeverBothSucceed() async throws {
        try await Self.race({ cluster, id in try await cluster.request(0, .delete, "/products/\(id)") }) { round, change, reply, row in
            if change.status == .ok {
                #expect(!reply.result, "round \(round): \(reply)")
                #expect(row.withdrawn && row.bids == 0, "round \(round): \(row)")
            } else {
                #expect(change.status.code == 409 && ClusterLotsTests.object(change)["reason"] as? String == "has_bids", "round \(round)")
                #expect(reply.result, "round \(round): \(reply)")
                #expect(!row.withdrawn && row.bids == 1, "round \(round): \(row)")
            }
        }
    }

    @Test func aStartPriceRaiseAndABidOnEitherNodeNeverBothSucceed() async throws {
        try await Self.race({ cluster, id in
            try await cluster.request(0, .patch, "/products/\(id)", json: "{\"start_price\":900000}")
        }) { round, change, reply, row in
            if change.status == .ok {
                #expect(!reply.result, "round \(round): \(reply)")
                #expect(row.start == 900_000 && row.current == 900_000 && row.bids == 0, "round \(round): \(row)")
            } else {
                #expect(change.status.code == 409 && ClusterLotsTests.object(change)["reason"] as? String == "locked_by_bids", "round \(round)")
                #expect(reply.result, "round \(round): \(reply)")
                #expect(row.start == 1_000 && row.current == 2_000 && row.bids == 1, "round \(round): \(row)")
            }
        }
    }
}
