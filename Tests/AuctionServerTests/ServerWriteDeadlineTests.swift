import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// A watcher that stops reading stays under the output bound forever (its pushes coalesce), so the
/// write deadline drops it: no byte accepted by its socket for the deadline, by the server's clock.
@Suite struct ServerWriteDeadlineTests {
    @Test func watcherThatAcceptsNoBytesIsDroppedAtTheDeadlineWhileOthersStay() async throws {
        let clock = ManualClock()
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 60), clock: clock, configure: {
            $0.allowAnonymousBids = true
            $0.limits.bidsPerSecond = 100_000
            $0.limits.outputSoftLimit = 4_096
            $0.limits.outputHardLimit = 8 << 20  // far away: only the deadline can drop it
            $0.limits.sendBufferBytes = 4_096
            $0.limits.writeDeadlineMilliseconds = 1_000
        })
        defer { fixture.stop() }
        // Given a watcher that loads every page and then reads nothing (a small receive buffer).
        let stalled = try RawSocket(port: fixture.socketPort, receiveBuffer: 2_048)
        defer { stalled.close() }
        #expect(stalled.send(#"{"dataType":1,"completionId":1,"data":{"stateNumber":3}}/"#))
        #expect(await stalled.readFrames(1).count == 1)
        // a watcher that reads, and an idle connection.
        let reader = try fixture.client()
        defer { reader.close() }
        #expect(try await reader.request(.listState(stateNumber: 3)).result)
        let idle = try RawSocket(port: fixture.socketPort)
        defer { idle.close() }

        // When 600 bids are pushed (about 70 KB each watcher: more than the kernel buffers hold)…
        let bidder = try RawSocket(port: fixture.socketPort)
        defer { bidder.close() }
        for round: Int64 in 1...10 {
            var burst = ""
            for product in 1...60 {
                burst += #"{"dataType":2,"completionId":\#(product),"data":{"product_id":\#(product),"product_price":\#(10_000 + round * 1_000)}}/"#
            }
            #expect(bidder.send(burst))
            #expect(await bidder.readFrames(60).count == 60)
        }
        #expect(await eventually { reader.prices.count == 600 })
        // … nothing is dropped while the server's clock stands still,
        #expect(!fixture.logged("write deadline"))
        // and once it moves past the deadline (in steps, while the sweep looks), the stalled one goes.
        #expect(await eventually { clock.advance(milliseconds: 250); return fixture.logged("write deadline passed") })

        // Then it was disconnected with the reason logged; the reader and the idle connection stay.
        #expect(await stalled.readToEnd().closed)
        #expect(fixture.logged("accepted no bytes for 1 s"))
        #expect(try await reader.request(.ping).result)
        #expect(await idle.exchange([.ping]).first??.result == true)
        #expect(fixture.server.fanOutStatistics?.disconnectedForLag == 1)
    }
}
