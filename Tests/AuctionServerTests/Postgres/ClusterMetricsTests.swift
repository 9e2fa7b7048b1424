import AuctionCore
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 22, metrics on PostgreSQL: the cluster listener's link state and its lag behind the store are
/// gauges of `GET /metrics`; the PostgreSQL ledger's batch sizes are counted too.
@Suite struct ClusterMetricsTests {
    @Test func theStoreLinkAndTheListenersLagAreGauges() async throws {
        let store = try ClusterStore(products: 20)
        let node = try ServerFixture(listings: ServerFixture.listings(count: 20), configure: {
            $0.store = store.store
            $0.metricsPort = 0
            $0.allowAnonymousBids = true
        })
        defer { node.stop() }
        #expect(await ClusterFeedTests.listening(node))
        let port = try #require(node.addresses.metrics).port
        @Sendable func page() -> String { LoopbackHTTP.exchange(port: port, "GET", "/metrics")?.body ?? "" }
        func lag(_ text: String) -> Double {
            let line = text.split(separator: "\n").first { $0.hasPrefix("auction_store_listener_lag_seconds ") }
            return line.flatMap { Double($0.split(separator: " ")[1]) } ?? -1
        }
        #expect(await eventually(timeout: 10) { page().contains("auction_store_link_up 1") })
        // Another node committed a bid two seconds ago by its clock: the lag read here is at least that.
        try store.commitBid(product: 3, price: 11_000, at: SystemClock().wallMilliseconds() - 2_000)
        #expect(await eventually(timeout: 10) { lag(page()) >= 2 }, "\(page())")
        #expect(lag(page()) < 60)
        #expect(page().contains("auction_store_listener_connections_total 1"))
        // This node's own bid: one PostgreSQL transaction of one bid in the batch size histogram.
        let bidder = try node.client()
        defer { bidder.close() }
        #expect(try await bidder.bid(4, 20_000).result)
        let text = await offPool { page() }
        #expect(text.contains("auction_ledger_batch_size_bucket{le=\"1\"} 1") && text.contains("auction_ledger_batch_size_count 1"), "\(text)")
    }
}
