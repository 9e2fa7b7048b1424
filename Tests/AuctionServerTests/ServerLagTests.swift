import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct ServerLagTests {
    @Test func slowConsumerDoesNotDelayAFastOne() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 60), configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 100_000
            $0.limits.outputSoftLimit = 4_096
            $0.limits.outputHardLimit = 64 * 1_024
        })
        defer { fixture.stop() }
        // The slow client loads every page and never reads.
        let slow = try RawSocket(port: fixture.socketPort, receiveBuffer: 2_048)
        defer { slow.close() }
        slow.send(#"{"dataType":1,"completionId":1,"data":{"stateNumber":3}}/"#)
        let fast = try fixture.client(), bidder = try fixture.client()
        defer { fast.close(); bidder.close() }
        #expect(try await fast.request(.listState(stateNumber: 3)).result)

        // 600 accepted bids, ten per product: far more push bytes than the slow client takes in.
        var accepted = 0
        for round in 1...10 {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for product in 1...60 {
                    group.addTask { try await bidder.bid(product, 10_000 + Int64(round) * 1_000).result }
                }
                for try await ok in group where ok { accepted += 1 }
            }
        }

        #expect(accepted == 600)
        #expect(await eventually { fast.prices.count == 600 })
        // The slow client is still connected: its pushes were coalesced, not piled up.
        #expect(try await bidder.request(.ping).result)
        #expect(!fixture.logged("not reading"))
    }

    @Test func clientPastTheHardBoundIsDisconnectedWithALoggedReason() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 5), configure: {
            $0.limits.outputSoftLimit = 4_096
            $0.limits.outputHardLimit = 32 * 1_024
        })
        defer { fixture.stop() }
        let slow = try RawSocket(port: fixture.socketPort, receiveBuffer: 2_048)
        defer { slow.close() }
        let other = try fixture.client()
        defer { other.close() }

        // Replies are never dropped: asking for thousands and reading none passes any bound.
        let ping = Array(#"{"dataType":10,"completionId":1,"data":{}}/"#.utf8)
        var burst: [UInt8] = []
        for _ in 0..<2_000 { burst += ping }
        for _ in 0..<50 where slow.send(burst) {}

        #expect(await eventually { fixture.logged("client is not reading") })
        #expect(try await other.request(.ping).result)
    }
}
