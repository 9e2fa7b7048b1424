import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Bids and closes committed by other nodes reach this node's watchers, once, with their `seq`.
@Suite struct ClusterFeedTests {
    /// A node (SQLite for its own lots, listening on the cluster's store) with the same 20 lots.
    static func node(_ store: ClusterStore, clock: any TimeSource = SystemClock()) throws -> ServerFixture {
        try ServerFixture(listings: ServerFixture.listings(count: 20), clock: clock, configure: {
            $0.store = store.store
            $0.allowAnonymousBids = true
        })
    }

    static func listening(_ node: ServerFixture, connections: Int = 1) async -> Bool {
        await eventually { (node.server.clusterStatistics?.connections ?? 0) >= connections }
    }

    @Test func bidCommittedOnAnotherNodeReachesAWatcherOnceWithItsSeq() async throws {
        let store = try ClusterStore(products: 20)
        let node = try Self.node(store)
        defer { node.stop() }
        #expect(await Self.listening(node))
        let watcher = try node.client()
        defer { watcher.close() }
        #expect(try await watcher.request(.listState(stateNumber: 0)).result)

        try store.commitBid(product: 3, price: 11_000)
        try store.commitBid(product: 16, price: 12_000)  // page two: not this watcher's
        try store.commitBid(product: 3, price: 11_500)
        #expect(await eventually { watcher.prices.count == 2 })
        #expect(try await watcher.request(.ping).result)

        #expect(watcher.prices.map(\.productID) == [3, 3])
        #expect(watcher.prices.map(\.price) == [11_000, 11_500])
        #expect(watcher.prices.map(\.change) == [1_000, 500])
        #expect(watcher.prices.map(\.sequence) == [1, 2])
        // The node's book took the stored state: a bid at the old price is refused there.
        let bidder = try node.client()
        defer { bidder.close() }
        let low = try await bidder.bid(3, 11_500)
        #expect(low.result == false)
        #expect(low.price == 11_500)
        // A bid decided here next counts on from the adopted sequence.
        #expect(try await bidder.bid(3, 13_000).result)
        #expect(await eventually { watcher.prices.count == 3 })
        #expect(watcher.prices.last?.sequence == 3)
    }

    @Test func bidsOnTwoNodesReachWatchersOnBothOnceInOrderWithTheStoresSeq() async throws {
        let store = try ClusterStore(products: 20)
        let nodeA = try Self.node(store), nodeB = try Self.node(store)
        defer { nodeA.stop(); nodeB.stop() }
        #expect(await Self.listening(nodeA))
        #expect(await Self.listening(nodeB))
        let watcherA = try nodeA.client(), watcherB = try nodeB.client()
        let bidderA = try nodeA.client(), bidderB = try nodeB.client()
        defer { [watcherA, watcherB, bidderA, bidderB].forEach { $0.close() } }
        #expect(try await watcherA.request(.subscribe([3])).result)
        #expect(try await watcherB.request(.subscribe([3])).result)

        for (count, (bidder, price)) in [(bidderA, 11_000), (bidderB, 12_000), (bidderA, 12_500)].enumerated() {
            #expect(try await bidder.bid(3, Int64(price)).result)
            #expect(await eventually { watcherA.prices.count > count && watcherB.prices.count > count })
        }
        #expect(try await watcherA.request(.ping).result)
        #expect(try await watcherB.request(.ping).result)
        for watcher in [watcherA, watcherB] {
            #expect(watcher.prices.map(\.price) == [11_000, 12_000, 12_500])
            #expect(watcher.prices.map(\.sequence) == [1, 2, 3])
        }
        // Back to back: a node may decide on a lot whose newest bid it has not heard of yet (the store
        // refuses, it decides again); its watchers then see the newest seq, never an older one after it.
        #expect(try await bidderB.bid(3, 13_000).result)
        #expect(try await bidderA.bid(3, 14_000).result)
        #expect(await eventually { watcherA.prices.last?.sequence == 5 && watcherB.prices.last?.sequence == 5 })
        for watcher in [watcherA, watcherB] {
            let sequences = watcher.prices.compactMap(\.sequence)
            #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count)
            #expect(watcher.prices.last?.price == 14_000)
        }
    }

    @Test func listenerWhoseConnectionBreaksReconnectsAndCatchesUp() async throws {
        let store = try ClusterStore(products: 20)
        let node = try Self.node(store)
        defer { node.stop() }
        #expect(await Self.listening(node))
        let watcher = try node.client()
        defer { watcher.close() }
        #expect(try await watcher.request(.subscribe([5])).result)
        try store.commitBid(product: 5, price: 10_100)
        #expect(await eventually { watcher.prices.count == 1 })

        let pid = try #require(node.server.clusterStatistics?.backendProcessID)
        try store.terminate(backend: pid)
        // Committed while the listener is away (one without a NOTIFY at all): only catching up finds them.
        try store.commitBid(product: 5, price: 10_200, notify: false)
        try store.commitBid(product: 5, price: 10_300, notify: false)
        #expect(await Self.listening(node, connections: 2))
        #expect(await eventually { watcher.prices.last?.sequence == 3 })
        #expect(watcher.prices.map(\.sequence) == [1, 2, 3])
        #expect(watcher.prices.last?.price == 10_300)
        #expect(node.logged("cluster: lost the store's notifications"))
    }

    @Test func unreadablePayloadsAreIgnoredAndLogged() async throws {
        let store = try ClusterStore(products: 20)
        let node = try Self.node(store)
        defer { node.stop() }
        #expect(await Self.listening(node))
        let watcher = try node.client()
        defer { watcher.close() }
        #expect(try await watcher.request(.subscribe([2])).result)

        for payload in ["garbage", "2:x", "2:-1", "0:1", "2:1:1", String(repeating: "9", count: 300), "99999999999999999999:1"] {
            try store.connection.notify("auction_bids", payload: payload)
        }
        try store.connection.notify("auction_closes", payload: "two")
        try store.commitBid(product: 2, price: 10_500)
        #expect(await eventually { watcher.prices.count == 1 })
        #expect(watcher.prices.first?.sequence == 1)
        #expect(node.server.clusterStatistics?.ignoredPayloads == 8)
        #expect(node.server.clusterStatistics?.connections == 1)
        #expect(node.logged("cluster: ignored an unreadable auction_bids payload 'garbage'"))
    }

    @Test func closeRecordedByAnotherNodeIsAnnouncedOnce() async throws {
        let store = try ClusterStore(products: 20)
        let node = try Self.node(store)
        defer { node.stop() }
        #expect(await Self.listening(node))
        let watcher = try node.client()
        defer { watcher.close() }
        #expect(try await watcher.request(.subscribe([4])).result)
        try store.commitBid(product: 4, price: 10_700)
        try store.recordClose(product: 4)
        try store.connection.notify("auction_closes", payload: "4")  // heard twice: announced once
        #expect(await eventually { watcher.closes.count == 1 })
        #expect(try await watcher.request(.ping).result)
        #expect(watcher.closes.count == 1)
        #expect(watcher.closes.first?.finalPrice == 10_700)
        #expect(watcher.closes.first?.winner == "remote")
        // The node's book has it closed: bids there are refused.
        let bidder = try node.client()
        defer { bidder.close() }
        let reply = try await bidder.bid(4, 20_000)
        #expect(reply.result == false)
    }

    @Test func aCloseThisNodeSawButAnotherNodeRecordedIsAnnouncedHereOnce() async throws {
        // Given product 5 ending a minute into the node's clock, and the closing duty held elsewhere.
        let store = try ClusterStore(products: 20)
        let clock = ManualClock()
        let endsAt = clock.now().adding(milliseconds: 60_000)
        try store.connection.run("UPDATE products SET ends_at = ? WHERE id = 5", [.integer(endsAt.millisecondsSinceEpoch)])
        #expect(try store.connection.scalarInteger("SELECT CASE WHEN pg_try_advisory_lock(?) THEN 1 ELSE 0 END",
                                                   [.integer(PostgresSchema.closingDutyLock)]) == 1)
        let node = try Self.node(store, clock: clock)
        defer { node.stop() }
        #expect(await Self.listening(node))
        let watcher = try node.client()
        defer { watcher.close() }
        #expect(try await watcher.request(.subscribe([5])).result)
        try store.commitBid(product: 5, price: 10_900)
        #expect(await eventually { watcher.prices.count == 1 })

        // When the end passes on this node: its book closes the lot, but it does not hold the duty.
        clock.advance(milliseconds: 61_000)
        #expect(await eventually {
            (try? store.connection.scalarInteger("SELECT COUNT(*) FROM products WHERE id = 5 AND closed_at IS NULL")) == 1
        })
        #expect(try await watcher.request(.ping).result)
        #expect(watcher.closes.isEmpty, "not announced before the store records it")

        // Then the holder records it: this node announces it once, with the stored price and winner.
        try store.recordClose(product: 5, at: endsAt.millisecondsSinceEpoch)
        try store.connection.notify("auction_closes", payload: "5")
        #expect(await eventually { watcher.closes.count == 1 })
        #expect(try await watcher.request(.ping).result)
        #expect(watcher.closes.count == 1)
        #expect(watcher.closes.first?.finalPrice == 10_900)
        #expect(watcher.closes.first?.winner == "remote")
    }

    @Test func theDutyHolderClosesALotNoNodesBookKnowsWhenItsStoredEndPasses() async throws {
        // Given a node holding the closing duty, and a lot written to the store after it started
        // (listed on a node that died before any other learned of it), ending in 30 s.
        let store = try ClusterStore(products: 20)
        let clock = ManualClock()
        let node = try Self.node(store, clock: clock)
        defer { node.stop() }
        #expect(await Self.listening(node))
        let endsAt = clock.now().adding(milliseconds: 30_000)
        try store.connection.run("""
            INSERT INTO products (id, name, seller, start_price, current_price, last_change_at, listed_at, ends_at)
            VALUES (21, 'Orphan', 'seller', 10000, 10000, 0, 0, ?)
            """, [.integer(endsAt.millisecondsSinceEpoch)])
        let open = { try? store.connection.scalarInteger("SELECT COUNT(*) FROM products WHERE id = 21 AND closed_at IS NULL") }
        #expect(open() == 1)

        // When the server's clock passes its end: the sweep closes it from the store, once.
        #expect(await eventually {
            clock.advance(milliseconds: 31_000)
            return open() == 0
        })
        #expect(try store.connection.scalarInteger("SELECT final_price FROM products WHERE id = 21") == 10_000)
    }

    @Test func sqlitePricePushesCarryTheProductsBidCount() async throws {
        let node = try ServerFixture(listings: ServerFixture.listings(count: 20), configure: { $0.allowAnonymousBids = true })
        defer { node.stop() }
        let watcher = try node.client(), bidder = try node.client()
        defer { watcher.close(); bidder.close() }
        #expect(try await watcher.request(.subscribe([6, 7])).result)
        #expect(try await bidder.bid(6, 11_000).result)
        #expect(try await bidder.bid(7, 11_000).result)
        #expect(try await bidder.bid(6, 12_000).result)
        #expect(await eventually { watcher.prices.count == 3 })
        #expect(watcher.prices.map(\.productID) == [6, 7, 6])
        #expect(watcher.prices.map(\.sequence) == [1, 1, 2])
    }
}

extension TestClient {
    /// The auction-closed pushes received so far.
    var closes: [(productID: ProductID, finalPrice: Money, winner: String?)] {
        pushes.withLock {
            $0.compactMap { if case .auctionClosed(let id, let price, let winner, _) = $0 { (id, price, winner) } else { nil } }
        }
    }
}
