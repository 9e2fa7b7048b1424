import AuctionTestSupport
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import Testing

@Suite struct PriceLimitEngineTests {
    @Test func simulationNextToTheMaximumPriceNeverTrapsNorPassesIt() {
        // Product 1 one raise below the maximum, 2 at it, 3 beyond (an old store), 4 near Int64.max.
        let limits = PriceLimits(maximumPrice: 1_000_000, maximumRaise: 10_000)
        var products = EngineFixtures.products(count: 4)
        products[0].currentPrice = 999_400
        products[0].minimumIncrement = 500  // its own raise: the table's 10,000 at this price would pass the maximum
        products[1].currentPrice = 1_000_000
        products[2].currentPrice = 1_000_001
        products[3].currentPrice = Money(9_223_372_036_854_775_000)
        var book = AuctionBook(products: products, rules: BidRules(limits: limits))
        var simulation = BidderSimulation(
            configuration: BidderSimulation.Configuration(pace: .steady(bidsPerSecond: 100), positions: nil, raise: 500),
            generator: SplitMix64(seed: 8), start: EngineFixtures.start)

        var accepted: [Money] = []
        for step in 1...50 {
            let now = EngineFixtures.at(Int64(step) * 100)
            for bid in simulation.tick(now: now, book: book) {
                #expect(bid.price <= limits.maximumPrice)
                if let record = book.decide(bid, bidder: nil, now: now).steps.first { accepted.append(record.price) }
            }
        }

        #expect(accepted == [999_900])
        #expect(book.lot(for: 1)?.price == 999_900)
        #expect(book.lot(for: 4)?.price == Money(9_223_372_036_854_775_000))
    }

    @Test func demoFeedNextToInt64MaxDoesNotTrap() {
        // The crash: the feed raising a price stored near Int64.max by 500.
        let products = EngineFixtures.products(count: 10, price: Money(9_223_372_036_854_775_000))
        let book = AuctionBook(products: products)
        var simulation = BidderSimulation(configuration: .demoFeed, generator: SplitMix64(seed: 1), start: EngineFixtures.start)
        for second in 1...30 {
            #expect(simulation.tick(now: EngineFixtures.at(Int64(second) * 1_000), book: book).isEmpty)
        }
    }

    @Test func storedPricesOutsideTheLimitsMakeLotsUnavailable() {
        var products = EngineFixtures.products(count: 3)
        products[1].currentPrice = Money(Int64.max)
        products[2].currentPrice = Money(-10)
        var book = AuctionBook(products: products)

        #expect(book.unavailableLots.map(\.productID) == [2, 3])
        let now = EngineFixtures.at(0)
        #expect(book.decide(Bid(productID: 2, price: Money(Int64.max)), bidder: nil, now: now).outcome
            == .refused(.productUnavailable, currentPrice: nil))
        #expect(book.decide(Bid(productID: 3, price: 20_000), bidder: nil, now: now).outcome
            == .refused(.productUnavailable, currentPrice: nil))
        #expect(book.decide(Bid(productID: 1, price: 20_000), bidder: nil, now: now).outcome == .accepted(price: 20_000))
    }

    @Test func absurdBidsAreRefusedByTheBookWithTheirReason() {
        var book = AuctionBook(products: EngineFixtures.products(count: 3))
        let now = EngineFixtures.at(0)
        #expect(book.decide(Bid(productID: 3, price: Money(9_223_372_036_854_775_000)), bidder: nil, now: now).outcome
            == .refused(.priceTooHigh, currentPrice: 10_000))
        #expect(book.decide(Bid(productID: 3, price: Money(Int64.max)), bidder: nil, now: now).outcome
            == .refused(.priceTooHigh, currentPrice: 10_000))
        #expect(book.decide(Bid(productID: 3, price: PriceLimits.defaultMaximumPrice), bidder: nil, now: now).outcome
            == .refused(.raiseTooLarge, currentPrice: 10_000))
        #expect(book.lot(for: 3)?.price == 10_000)
    }
}
