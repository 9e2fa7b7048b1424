import AuctionTestSupport
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionServer
import Testing

@Suite struct SimulatedBiddersTests {
    private let book = AuctionBook(products: EngineFixtures.products(count: 60))

    /// Runs a simulation over `seconds` of injected time in `stepMilliseconds` steps, applying its bids.
    private func run(
        _ configuration: BidderSimulation.Configuration, seed: UInt64, seconds: Int64, stepMilliseconds: Int64 = 100
    ) -> (ticks: [[Bid]], book: AuctionBook) {
        var book = book
        var simulation = BidderSimulation(configuration: configuration, generator: SplitMix64(seed: seed), start: EngineFixtures.start)
        var ticks: [[Bid]] = []
        var elapsed: Int64 = 0
        while elapsed < seconds * 1_000 {
            elapsed += stepMilliseconds
            let now = EngineFixtures.at(elapsed)
            let bids = simulation.tick(now: now, book: book)
            for bid in bids { _ = book.decide(bid, bidder: simulation.bidder, now: now) }
            ticks.append(bids)
        }
        return (ticks, book)
    }

    @Test func sameSeedGivesSameBidsAndAnotherSeedDiffers() {
        let first = run(.demoFeed, seed: 42, seconds: 20)
        let again = run(.demoFeed, seed: 42, seconds: 20)
        let other = run(.demoFeed, seed: 43, seconds: 20)
        #expect(first.ticks == again.ticks)
        #expect(first.ticks != other.ticks)
    }

    @Test func demoFeedRaisesOneToFourOfTheFirstTenBy500EverySecond() {
        let result = run(.demoFeed, seed: 7, seconds: 30)
        let rounds = result.ticks.filter { !$0.isEmpty }
        #expect(rounds.count == 30)
        var counts = Set<Int>()
        for round in rounds {
            counts.insert(round.count)
            #expect((1...4).contains(round.count))
            #expect(Set(round.map(\.productID)).count == round.count)
            #expect(round.allSatisfy { (1...10).contains($0.productID.rawValue) })
        }
        #expect(counts.count > 1)
        // Every bid was a raise of exactly 500 and was accepted.
        let raised = (1...10).reduce(Money.zero) { sum, id in sum + (result.book.lot(for: ProductID(id))?.price ?? .zero) - 10_000 }
        #expect(raised == Money(Int64(rounds.joined().count) * 500))
        #expect(result.book.lot(for: 11)?.price == 10_000)
    }

    @Test func steadyRateProducesExactlyTheRateOverTheWholeCatalogue() {
        let result = run(.steady(bidsPerSecond: 250), seed: 1, seconds: 10, stepMilliseconds: 37)
        let bids = result.ticks.joined()
        let lastTick: Int64 = (10_000 + 36) / 37 * 37  // 10,027 ms: the first step at or past 10 s
        #expect(bids.count == Int(lastTick * 250 / 1_000))
        let products = Set(bids.map(\.productID.rawValue))
        #expect(products.count > 50)
        #expect(products.allSatisfy { (1...60).contains($0) })
    }

    @Test func repeatedProductInOneTickIsRaisedOverTheEarlierBid() {
        var configuration = BidderSimulation.Configuration.steady(bidsPerSecond: 1_000)
        configuration.positions = 5...5
        var simulation = BidderSimulation(configuration: configuration, generator: SplitMix64(seed: 3), start: EngineFixtures.start)
        var book = book
        let bids = simulation.tick(now: EngineFixtures.at(10), book: book)
        #expect(bids.map(\.price) == (1...10).map { Money(10_000 + Int64($0) * 500) })
        let outcomes = bids.map { book.decide($0, bidder: nil, now: EngineFixtures.at(10)).outcome }
        #expect(outcomes == bids.map { .accepted(price: $0.price) })
        #expect(book.lot(for: 5)?.price == 15_000)
    }

    @Test func stalledServerGetsAtMostOneSecondOfBids() {
        var simulation = BidderSimulation(configuration: .steady(bidsPerSecond: 100), generator: SplitMix64(seed: 9),
                                          start: EngineFixtures.start)
        #expect(simulation.tick(now: EngineFixtures.at(60_000), book: book).count == 100)
        #expect(simulation.tick(now: EngineFixtures.at(60_500), book: book).count == 50)
        var demo = BidderSimulation(generator: SplitMix64(seed: 9), start: EngineFixtures.start)
        #expect((1...4).contains(demo.tick(now: EngineFixtures.at(60_000), book: book).count))
        #expect(demo.tick(now: EngineFixtures.at(60_999), book: book).isEmpty)
    }

    @Test func rangeOutsideTheCatalogueProducesNothing() {
        var configuration = BidderSimulation.Configuration.demoFeed
        configuration.positions = 100...200
        var simulation = BidderSimulation(configuration: configuration, generator: SplitMix64(seed: 1), start: EngineFixtures.start)
        #expect(simulation.tick(now: EngineFixtures.at(5_000), book: book).isEmpty)
    }

    @Test func splitMix64MatchesTheReferenceSequence() {
        // Reference values for seed 1234567 from the published SplitMix64 algorithm.
        var generator = SplitMix64(seed: 1_234_567)
        #expect(generator.next() == 6_457_827_717_110_365_317)
        #expect(generator.next() == 3_203_168_211_198_807_973)
    }
}
