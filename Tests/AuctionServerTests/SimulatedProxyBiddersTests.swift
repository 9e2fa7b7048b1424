import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// The demo feed's proxy bidders: pure in the engine, and through a real server.
@Suite struct SimulatedProxyBiddersTests {
    @Test func aboutHalfTheBidsGoToProxyBiddersWithAMaximumAboveTheOffer() {
        var configuration = BidderSimulation.Configuration.demoFeed
        configuration.proxyBidders = [UserID(rawValue: 7), UserID(rawValue: 8)]
        var book = AuctionBook(products: EngineFixtures.products(count: 20))
        var simulation = BidderSimulation(configuration: configuration, generator: SplitMix64(seed: 3), start: EngineFixtures.start)
        var proxied = 0, plain = 0, steps = 0
        for second in 1...60 {
            let now = EngineFixtures.at(Int64(second) * 1_000)
            for (bid, bidder) in simulation.tickWithBidders(now: now, book: book) {
                if let maximum = bid.maximum {
                    proxied += 1
                    #expect(maximum > bid.price)
                    #expect(bidder == UserID(rawValue: 7) || bidder == UserID(rawValue: 8))
                } else {
                    plain += 1
                    #expect(bidder == nil)
                }
                let decision = book.decide(bid, bidder: bidder, now: now)
                steps += decision.steps.filter(\.isAutomatic).count
                book.confirm(decision)
            }
        }
        #expect(proxied > 0 && plain > 0)
        #expect(steps > 0, "some plain bids were answered by a proxy")
    }

    @Test func theDemoFeedStoresProxyMaximumsOnARealServer() async throws {
        let clock = ManualClock(SystemClock().now())
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 10), clock: clock,
                                        configure: { $0.simulation = .demoFeed })
        defer { fixture.stop() }
        // Each poll moves server time on; a loaded machine may need many polls (seen: 30 s was too short).
        let stored = await eventually(timeout: 120) {
            clock.advance(milliseconds: 1_000)
            let count = (try? fixture.inspect { try $0.scalarInteger("SELECT COUNT(*) FROM proxy_maximums") }) ?? nil
            return (count ?? 0) > 0
        }
        #expect(stored)
        #expect(try fixture.inspect { try $0.scalarInteger("SELECT COUNT(*) FROM users WHERE name LIKE 'sim-%'") } == 3)
    }
}
