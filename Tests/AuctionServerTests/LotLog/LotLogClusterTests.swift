import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog
@testable import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// The lot log on a real PostgreSQL store shared by two nodes in this process, on one manual clock:
/// a lot listed on one node and edited on the other, bids through both, a refused edit, then the
/// close; a moderator's retraction and removal through either node; each lot has one chain, the same
/// when read from either node, under heads the house signed.
@Suite struct LotLogClusterTests {
    typealias Served = LotLogServerTests

    /// A node on `store` signing with the key file at `key` (one key for the cluster), with accounts.
    static func node(_ store: ClusterStore, clock: ManualClock, key: String) throws -> ServerFixture {
        let accounts = ServerConfiguration.ephemeral(databasePath: "unused").accounts
        let hooks = AccountsHooks(log: .silent, configuration: accounts, clock: clock, store: store.store).hooks
        return try ServerFixture(hooks: hooks, clock: clock, configure: {
            $0.store = store.store
            $0.logKeyPath = key
        })
    }

    @Test func twoNodesWriteOneChainPerLotThatEitherNodeServesTheSame() async throws {
        let clock = ManualClock(SystemClock().now())
        let store = try ClusterStore(products: 2)
        let ends = clock.now().adding(milliseconds: 600_000)
        // The fixture's lots have no end, nor a log: the first bid's commit lists them lazily.
        try store.connection.run("UPDATE products SET ends_at = ?", [.integer(ends.millisecondsSinceEpoch)])
        _ = try store.connection.scalarInteger("SELECT setval(pg_get_serial_sequence('products', 'id'), 2)")
        let keys = try TemporaryDirectory(prefix: "auction-log-key")
        defer { keys.remove() }
        // One after the other: the first makes the key file, the second signs with it too.
        var nodes = [try Self.node(store, clock: clock, key: keys.file("log-key.pem"))]
        nodes.append(try Self.node(store, clock: clock, key: keys.file("log-key.pem")))
        defer { nodes.forEach { $0.stop() } }
        for node in nodes { #expect(await ClusterFeedTests.listening(node)) }
        let loop = try EventLoop.spawn(name: "test-lot-log-cluster")
        defer { loop.shutdown() }
        let http = try nodes.map { HTTPClient(baseURL: try HTTPBaseURL(parsing: $0.httpBase), loop: loop) }

        var tokens: [String] = []
        for (index, name) in ["seller", "ann", "ben"].enumerated() {
            let registered = try await http[index % 2].post("/users/register", json: AccountDTO.credentialsBody(name: name, password: "correct horse"))
            tokens.append(try #require(AccountDTO.session(from: registered.body)).token)
        }
        let seller = tokens[0]
        func asSeller(_ node: Int, _ method: HTTPMethod, _ target: String, _ json: String) async throws -> HTTPResponse {
            try await http[node].send(HTTPRequest(method: method, target: target,
                                                  headers: ["Authorization": "Bearer " + seller, "Content-Type": "application/json"],
                                                  body: Array(json.utf8)))
        }
        let listed = try await asSeller(1, .post, "/products", "{\"name\":\"Brass lamp\",\"start_price\":1000,\"duration_seconds\":600}")
        #expect(listed.status == .created)
        let sold = try #require(ClusterLotsTests.object(listed)["id"] as? Int)
        // Sent until node A has adopted the lot (before, it does not know it); the kinds below show one edit stored.
        #expect(await ClusterLotsTests.settles {
            (try? await asSeller(0, .patch, "/products/\(sold)", "{\"name\":\"Brass lamp, polished\"}").status) == .ok
        })

        // Ann bids on node A, ben on node B, in turns: each node's book may lag, so a bid is sent until taken.
        let bidders = [try TestClient(port: nodes[0].socketPort), try TestClient(port: nodes[1].socketPort)]
        defer { bidders.forEach { $0.close() } }
        for (bidder, token) in zip(bidders, tokens.dropFirst()) { #expect(try await bidder.request(.login(token: token)).result) }
        for step in 0..<4 {
            let bidder = bidders[step % 2]
            for (lot, price) in [(1, 11_000 + Int64(step) * 1_000), (sold, 2_000 + Int64(step) * 1_000)] {
                #expect(await ClusterLotsTests.settles { (try? await bidder.bid(lot, price).result) == true }, "lot \(lot) at \(price)")
            }
        }
        let beforeRefusal = try await Served.log(port: nodes[0].addresses.http.port, sold)
        let locked = try await asSeller(1, .patch, "/products/\(sold)", "{\"start_price\":1500}")
        #expect(locked.status.code == 409)
        let afterRefusal = try await Served.log(port: nodes[0].addresses.http.port, sold)
        #expect(afterRefusal.entries.map(\.bytes) == beforeRefusal.entries.map(\.bytes), "the refused edit wrote no entry")

        clock.advance(milliseconds: 601_000)
        // Whichever node holds the closing duty records the three closes (its sweep runs on server time).
        let closed = await clock.advancing(by: 1_000) {
            await eventually { (try? store.connection.scalarInteger("SELECT COUNT(*) FROM products WHERE closed_at IS NOT NULL")) == 3 }
        }
        #expect(closed)

        let keysA = try await Served.publicKeys(port: nodes[0].addresses.http.port)
        #expect(try await Served.publicKeys(port: nodes[1].addresses.http.port) == keysA && keysA.count == 1, "one key for the cluster")
        for (lot, kinds) in [(1, ["listed", "bid", "bid", "bid", "bid", "closed"]), (sold, ["listed", "edited", "bid", "bid", "bid", "bid", "closed"])] {
            let fromA = try await Served.log(port: nodes[0].addresses.http.port, lot)
            let fromB = try await Served.log(port: nodes[1].addresses.http.port, lot)
            #expect(fromA.decoded.map(\.event.kindName) == kinds, "lot \(lot)")
            #expect(fromA.entries.map(\.bytes) == fromB.entries.map(\.bytes) && fromA.entries.map(\.hash) == fromB.entries.map(\.hash))
            #expect(fromA.head == fromB.head)
            #expect(Served.checks(fromA, keys: keysA), "lot \(lot): the chain and its signed head")
            let bids = fromA.decoded.compactMap { if case .bid(let bid) = $0.event { bid } else { nil } }
            #expect(bids.map(\.bidSeq) == [1, 2, 3, 4], "lot \(lot): the store's seqs, in order")
            guard case .closed(let close)? = fromA.decoded.last?.event else { Issue.record("lot \(lot) has no close"); continue }
            #expect(close.winner == bids.last?.bidder && close.finalPrice == bids.last?.price && close.reserveMet && close.reserve == nil)
        }
    }

    @Test func aRetractionAndARemovalThroughEitherNodeJoinTheOneChain() async throws {
        let cluster = try await ClusterLotsTests.TwoNodes()
        defer { cluster.stop() }
        let mod = try await ClusterSellerRulesTests.register(cluster, "mod")
        let ann = try await ClusterSellerRulesTests.client(cluster, 0, token: try await ClusterSellerRulesTests.register(cluster, "ann"))
        let ben = try await ClusterSellerRulesTests.client(cluster, 1, token: try await ClusterSellerRulesTests.register(cluster, "ben"))
        defer { ann.close(); ben.close() }
        let id = try await cluster.sell(0)
        #expect(try await ann.bid(id, 2_000).result)
        #expect(await ClusterLotsTests.settles { (try? await ben.bid(id, 3_000).result) == true })
        #expect(await ClusterLotsTests.settles { (try? await ann.bid(id, 4_000).result) == true })
        let bens = try #require(try cluster.count("SELECT id FROM bids WHERE product_id = \(id) AND price = 3000"))
        let retracted = try await ClusterModerationTests.act(cluster, 1, "/moderation/bids/\(bens)/retract", #"{"reason":"shill bidding"}"#,
                                                             token: mod)
        #expect(retracted.status == .ok, "\(String(decoding: retracted.body, as: UTF8.self))")
        let removed = try await ClusterModerationTests.act(cluster, 0, "/moderation/lots/\(id)/remove", #"{"reason":"counterfeit"}"#, token: mod)
        #expect(removed.status == .ok)

        let fromA = try await Served.log(port: cluster.nodes[0].addresses.http.port, id)
        let fromB = try await Served.log(port: cluster.nodes[1].addresses.http.port, id)
        #expect(fromA.decoded.map(\.event.kindName) == ["listed", "bid", "bid", "bid", "retracted", "removed"])
        #expect(fromA.entries.map(\.bytes) == fromB.entries.map(\.bytes) && fromA.head == fromB.head)
        #expect(Served.checks(fromA, keys: try await Served.publicKeys(port: cluster.nodes[1].addresses.http.port)))
        guard case .retracted(let entry, let reason, let price, let count)? = fromA.decoded.dropLast().last?.event else {
            Issue.record("no retraction"); return
        }
        #expect(reason == "shill bidding")
        guard case .bid(let bid)? = fromA.decoded.first(where: { $0.seq == entry })?.event else { Issue.record("entry \(entry) is no bid"); return }
        #expect(bid.bidSeq == 2 && bid.price == 3_000, "ben's bid, the lot's second")
        #expect(price.minorUnits == (try cluster.count("SELECT current_price FROM products WHERE id = \(id)")))
        #expect(count == (try cluster.count("SELECT bid_count FROM products WHERE id = \(id)")), "the lot as stored after it")
        #expect(fromA.decoded.last?.event == .removed(reason: "counterfeit"))
    }
}
