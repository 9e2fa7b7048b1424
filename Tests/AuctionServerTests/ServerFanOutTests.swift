import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// A push group costs in proportion to the connections it reaches, not to the connections open.
@Suite struct ServerFanOutTests {
    @Test func pushGroupsVisitOnlyWatchersNotIdleConnections() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 60), configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 100_000
        })
        defer { fixture.stop() }
        // Given 200 idle connections (each answered one ping, so the server holds them) and one watcher.
        let idle = try (0..<200).map { _ in try RawSocket(port: fixture.socketPort) }
        defer { for socket in idle { socket.close() } }
        let pinged = await offPool { idle.allSatisfy { $0.exchangeBlocking([.ping]).first??.result == true } }
        #expect(pinged)
        let watcher = try fixture.client()
        defer { watcher.close() }
        #expect(try await watcher.request(.listState(stateNumber: 3)).result)

        // When three rounds of 60 bids, each round in one send, are committed and pushed as groups.
        let bidder = try RawSocket(port: fixture.socketPort)
        defer { bidder.close() }
        #expect(await bidder.bidBurstRounds(1...3))

        // Then the watcher got every push, and each group visited the one watcher only.
        #expect(await eventually { watcher.prices.count == 180 })
        let statistics = try #require(fixture.server.fanOutStatistics)
        #expect(statistics.groups >= 1)
        #expect(statistics.connectionsVisited == statistics.groups)
    }
}
