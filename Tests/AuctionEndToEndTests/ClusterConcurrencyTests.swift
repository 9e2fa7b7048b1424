import AuctionCore
import AuctionTestSupport
import Foundation
import Testing

/// Many bidders on few products across several nodes (issue 13, "Concurrency"): the store serialises
/// them, and every watcher, whichever node it is on, receives exactly the store's history: every
/// `seq` once, in order, also where one node's decision lost a race with another's commit.
@Suite(.serialized) struct ClusterConcurrencyTests {
    @Test func threeNodesFiftyBiddersEachOnFiveProductsPushExactlyTheStoredHistory() async throws {
        let database = try PostgresFixture()
        let cluster = try await offPool {
            try ClusterFixture(nodes: 3, storeURL: database.url, arguments: ClusterFaultTests.nodeArguments)
        }
        defer { cluster.stop() }
        let products = ClusterStorm.plainProducts
        // Two watchers per node, subscribed before the first bid.
        let watchers = try cluster.socketPorts.flatMap { port in try (0..<2).map { _ in try ClusterSocketClient(port: port) } }
        defer { watchers.forEach { $0.close() } }
        for watcher in watchers { #expect(await watcher.subscribe(products)) }
        let storm = ClusterStorm(ports: cluster.socketPorts)
        let running = storm.start((0..<150).map { (product: products[$0 % 5], node: $0 / 50) })

        #expect(await eventually(timeout: 40) { storm.acknowledgedCount >= 300 }, "only \(storm.acknowledgedCount) bids accepted")
        storm.stop()
        await running.value

        let acknowledged = storm.acknowledged.withLock { $0 }
        #expect(Set(acknowledged.map(\.node)) == [0, 1, 2],
                "every node accepted bids; refused \(storm.refusals.withLock { $0 }), \(storm.lost.withLock { $0 }) replies lost")
        let stored = try ClusterChecks.storeHolds(acknowledged, url: database.url)
        // Every stored bid was acknowledged, but for replies lost to a loaded machine (request timeout).
        let lost = storm.lost.withLock { $0 }
        #expect(stored.count >= acknowledged.count && stored.count <= acknowledged.count + lost,
                "stored \(stored.count) bids, acknowledged \(acknowledged.count), \(lost) replies lost")
        // Every watcher, on whichever node, ends on the store's final prices, its pushes the store's history.
        try await ClusterChecks.watchersMatchStore(watchers, products: products, url: database.url) { "watcher \($0) (node \($0 / 2))" }
        // Not merely never back: these watchers keep up, so each got every seq of the history once, in order.
        let counts = try PostgresInspection.products(database.url)
        for (index, watcher) in watchers.enumerated() {
            for product in products {
                let seqs = watcher.prices(of: product).compactMap(\.sequence)
                let count = counts[product]?.bidCount ?? 0
                let history = count > 0 ? Array(1...count) : []
                let missing = Set(history).subtracting(seqs).sorted()
                #expect(seqs == history, "watcher \(index) (node \(index / 2)) product \(product): \(missing.count) seq(s) never pushed, e.g. \(missing.prefix(5))")
            }
        }
    }
}
