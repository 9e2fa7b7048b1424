import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Lots listed, edited and withdrawn through one node's HTTP are adopted live on every node of a
/// shared PostgreSQL store, in id order; the store decides whether bids lock a seller's change.
@Suite struct ClusterLotsTests {
    @Test func aLotListedThroughOneNodeIsLiveOnTheOtherForPagesPushesBidsAndTheSeller() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let watcherB = try await cluster.watcher(1)  // page 2 holds positions 16…30
        let follower = try await cluster.watcher(1, query: ["search": "brass"])
        let seller = try TestClient(port: cluster.nodes[1].socketPort)
        defer { watcherB.close(); follower.close(); seller.close() }
        #expect(try await seller.request(.login(token: cluster.token)).result)

        let id = try await cluster.sell(0, extra: ",\"reserve\":5000,\"buy_now\":9000")
        #expect(id == 21)
        #expect(await eventually { watcherB.lotEvents.contains { $0.kind == .listed && $0.productID == ProductID(id) } })
        #expect(try watcherB.lotEvents.first?.listItem()?.productName == "Brass lamp")
        #expect(try await cluster.listed(1).last == id)
        // A connection on node B whose query pages hold it gets it with its place.
        #expect(await eventually { follower.lotEvents.contains { $0.kind == .listed && $0.productID == ProductID(id) } })
        #expect(follower.lotEvents.first?.place == .first)
        let detail = try await cluster.detail(1, id)
        #expect(detail["seller"] as? String == "seller")
        #expect(detail["reserve_met"] as? Bool == false)
        #expect(detail["buy_now_price"] as? Int == 9000)

        // Node B takes a bid on it, committed like any: node A's book adopts it; the seller (on B) is told.
        let bidder = try TestClient(port: cluster.nodes[1].socketPort)
        defer { bidder.close() }
        #expect(try await bidder.bid(id, 1_500).result)
        #expect(try cluster.count("SELECT COUNT(*) FROM bids WHERE product_id = \(id)") == 1)
        let onA = try TestClient(port: cluster.nodes[0].socketPort)
        defer { onA.close() }
        #expect(await Self.settles { (try? await onA.bid(id, 1_500).result) == false })
        #expect(await eventually {
            seller.pushes.withLock { $0.contains { if case .notification(let notice) = $0 { notice.kind == .bid } else { false } } }
        })
        let selling = try await cluster.request(1, .get, "/me/selling")
        let lots = try #require(Self.object(selling)["lots"] as? [[String: Any]])
        #expect(lots.first?["product_id"] as? Int == id && lots.first?["bid_count"] as? Int == 1)
    }

    @Test func lotsListedOnBothNodesAtOnceJoinEveryNodeInIdOrderAndTakeBidsAtOnce() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let bidders = try cluster.nodes.map { try TestClient(port: $0.socketPort) }
        defer { bidders.forEach { $0.close() } }
        for round in 0..<6 {
            async let onA = cluster.sell(0, name: "A\(round)")
            async let onB = cluster.sell(1, name: "B\(round)")
            let (a, b) = try await (onA, onB)
            // Live on the listing node once it answered: a bid right away is decided, not refused unknown.
            #expect(try await bidders[0].bid(a, 2_000).result, "lot \(a) on node A")
            #expect(try await bidders[1].bid(b, 2_000).result, "lot \(b) on node B")
        }
        let expected = Array(1...32)
        #expect(await Self.settles { (try? await cluster.listed(0)) == expected })
        #expect(await Self.settles { (try? await cluster.listed(1)) == expected })
        for node in cluster.nodes { #expect(!node.logged("not above every other id")) }
        #expect(try cluster.count("SELECT COUNT(*) FROM bids") == 12)
    }

    @Test func editsAndWithdrawalsThroughOneNodeReachTheOthersBookListsAndWatchers() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let edited = try await cluster.sell(0), withdrawn = try await cluster.sell(0, name: "Teapot")
        #expect(await Self.settles { (try? await cluster.listed(1).contains(withdrawn)) == true })
        let watcherA = try await cluster.watcher(0), watcherB = try await cluster.watcher(1)
        let bidder = try TestClient(port: cluster.nodes[1].socketPort)
        defer { watcherA.close(); watcherB.close(); bidder.close() }

        let edit = try await cluster.request(0, .patch, "/products/\(edited)", json: """
            {"name":"Brass lamp, polished","start_price":5000,"min_increment":500,"reserve":8000,"buy_now":20000,"duration_seconds":7200}
            """)
        #expect(edit.status == .ok, "\(String(decoding: edit.body, as: UTF8.self))")
        #expect(await eventually { watcherB.lotEvents.contains { $0.kind == .edited && $0.productID == ProductID(edited) } })
        #expect(try await cluster.detail(1, edited, part: "DetailProductComment")["product_name"] as? String == "Brass lamp, polished")
        let detail = try await cluster.detail(1, edited)
        #expect(detail["reserve_met"] as? Bool == false)
        #expect(detail["buy_now_price"] as? Int == 20_000)
        let endOnA = try await cluster.item(0, edited)?["end_time"] as? Int, endOnB = try await cluster.item(1, edited)?["end_time"] as? Int
        #expect(endOnB != nil && endOnB == endOnA)
        #expect(try cluster.count("SELECT ends_at FROM products WHERE id = \(edited)") == endOnB.map(Int64.init))
        // Node B's book took the new start price: a bid below it is refused there.
        #expect(try await bidder.bid(edited, 2_000).result == false)
        #expect(try await bidder.bid(edited, 6_000).result)

        #expect(try await cluster.request(0, .delete, "/products/\(withdrawn)").status == .ok)
        #expect(await eventually { watcherB.lotEvents.contains { $0.kind == .withdrawn && $0.productID == ProductID(withdrawn) } })
        #expect(try await cluster.listed(1).contains(withdrawn) == false)
        #expect(try await bidder.bid(withdrawn, 9_000).reason == .withdrawn)
        // Each node pushed each change once (the listing node's listener skips its own).
        #expect(await eventually { watcherA.lotEvents.count == 2 })
        for watcher in [watcherA, watcherB] {
            #expect(try await watcher.request(.ping).result)
            #expect(watcher.lotEvents.map(\.kind) == [.edited, .withdrawn])
        }
    }

    @Test func theStoreRefusesWithdrawalsAndLockedEditsOnceAnotherNodesBidIsStored() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let id = try await cluster.sell(0, extra: ",\"reserve\":5000")
        // Another node's bid, stored without a notification: node A's book does not know of it.
        try cluster.store.commitBid(product: id, price: 1_200, notify: false)

        let withdraw = try await cluster.request(0, .delete, "/products/\(id)")
        #expect(withdraw.status.code == 409 && Self.object(withdraw)["reason"] as? String == "has_bids")
        for body in ["{\"start_price\":1500}", "{\"duration_seconds\":7200}", "{\"reserve\":6000,\"name\":\"x\"}"] {
            let locked = try await cluster.request(0, .patch, "/products/\(id)", json: body)
            #expect(locked.status.code == 409 && Self.object(locked)["reason"] as? String == "locked_by_bids", "\(body)")
        }
        #expect(try cluster.count("""
            SELECT COUNT(*) FROM products WHERE id = \(id) AND withdrawn_at IS NULL AND closed_at IS NULL AND start_price = 1000
               AND reserve_price = 5000 AND name = 'Brass lamp' AND edited_at IS NULL
            """) == 1)
        // Node A's book still has the lot open at its old terms: the lot takes bids.
        let bidder = try TestClient(port: cluster.nodes[0].socketPort)
        defer { bidder.close() }
        #expect(try await bidder.bid(id, 2_000).result)
        // What bids leave open still goes through: a lower reserve.
        #expect(try await cluster.request(0, .patch, "/products/\(id)", json: "{\"reserve\":3000}").status == .ok)
        #expect(try cluster.count("SELECT reserve_price FROM products WHERE id = \(id)") == 3_000)
    }

    @Test func aLotListedAtItsEndClosesOnEveryNode() async throws {
        let clock = ManualClock(SystemClock().now())
        let cluster = try await TwoNodes(clock: clock)
        defer { cluster.stop() }
        let id = try await cluster.sell(0)
        #expect(await Self.settles { (try? await cluster.listed(1).last) == id })
        let watcherB = try TestClient(port: cluster.nodes[1].socketPort)
        defer { watcherB.close() }
        #expect(try await watcherB.request(.subscribe([ProductID(id)])).result)
        #expect(try await watcherB.bid(id, 1_500).result)
        clock.advance(milliseconds: 601_000)
        #expect(await eventually { watcherB.closes.contains { $0.productID == ProductID(id) } })
        #expect(await eventually { (try? cluster.count("SELECT COUNT(*) FROM products WHERE id = \(id) AND closed_at IS NOT NULL")) == 1 })
        #expect(watcherB.closes.first { $0.productID == ProductID(id) }?.finalPrice == 1_500)
    }

    @Test func aListenerThatMissedListingsEditsAndWithdrawalsCatchesUpWhenItReconnects() async throws {
        let cluster = try await TwoNodes()
        defer { cluster.stop() }
        let early = try await cluster.sell(0)
        #expect(await Self.settles { (try? await cluster.listed(1).last) == early })
        // Written without notifications (as if node B's listener was away), then B's listener breaks.
        try cluster.store.connection.run("UPDATE products SET withdrawn_at = 1, closed_at = 1 WHERE id = ?", [.integer(Int64(early))])
        try cluster.store.connection.run("""
            INSERT INTO products (name, seller, start_price, current_price, last_change_at, listed_at, ends_at)
            VALUES ('Quiet', 'seller', 700, 700, 0, 0, ?)
            """, [.integer(SystemClock().now().millisecondsSinceEpoch + 600_000)])
        try cluster.store.connection.run("UPDATE products SET name = 'Renamed', edited_at = 1 WHERE id = 5")
        let pid = try #require(cluster.nodes[1].server.clusterStatistics?.backendProcessID)
        try cluster.store.terminate(backend: pid)
        #expect(await ClusterFeedTests.listening(cluster.nodes[1], connections: 2))
        #expect(await Self.settles { (try? await cluster.listed(1)) == Array(1...20) + [early + 1] })
        #expect(await Self.settles {
            (try? await cluster.detail(1, 5, part: "DetailProductComment")["product_name"] as? String) == "Renamed"
        })
        let bidder = try TestClient(port: cluster.nodes[1].socketPort)
        defer { bidder.close() }
        #expect(try await bidder.bid(early + 1, 800).result)
        #expect(try await bidder.bid(early, 9_000).reason == .withdrawn)
    }

    @Test func lotPayloadsAreReadStrictly() {
        #expect(ClusterPayload.lot("l:21") == .listed(ProductID(21)))
        #expect(ClusterPayload.lot("e:3") == .edited(ProductID(3)))
        #expect(ClusterPayload.lot("w:9") == .withdrawn(ProductID(9)))
        for payload in ["", "l", "l:", "l:0", "l:-1", "x:1", "l:1:2", "l: 1", "ll:1", "L:1", "l:" + String(repeating: "9", count: 30)] {
            #expect(ClusterPayload.lot(payload) == nil, "\(payload)")
        }
    }

    @Test func unreadableLotPayloadsAreIgnoredAndLogged() async throws {
        let store = try ClusterStore(products: 20)
        let node = try ClusterFeedTests.node(store)
        defer { node.stop() }
        #expect(await ClusterFeedTests.listening(node))
        for payload in ["garbage", "l:", "q:1"] { try store.connection.notify("auction_lots", payload: payload) }
        #expect(await eventually { node.server.clusterStatistics?.ignoredPayloads == 3 })
        #expect(node.logged("cluster: ignored an unreadable auction_lots payload 'garbage'"))
    }
}

extension TestClient {
    /// The push 9 events received so far.
    var lotEvents: [LotEvent] {
        pushes.withLock { $0.compactMap { if case .lot(let event) = $0 { event } else { nil } } }
    }
}
