import AuctionTestSupport
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import Testing

@Suite struct AuctionBookTests {
    @Test func acceptedBidRaisesPriceAtOnceAndReportsUpdateAndPosition() throws {
        var book = AuctionBook(products: EngineFixtures.products(count: 20, idStep: 10))
        let decision = book.decide(Bid(productID: 170, price: 10_500), bidder: UserID(rawValue: 7), now: EngineFixtures.start)
        guard case .accepted = decision.outcome, let bid = decision.steps.first, let update = decision.updates.first,
              let position = decision.position else {
            Issue.record("expected acceptance, got \(decision)")
            return
        }
        #expect(bid == AcceptedBid(productID: 170, price: 10_500, previousPrice: 10_000,
                                   bidder: UserID(rawValue: 7), acceptedAt: EngineFixtures.start))
        #expect(update == PriceUpdate(productID: 170, price: 10_500, change: 500, direction: .up, auctionDate: "2023-02-11"))
        #expect(position == 17)
        let lot = try #require(book.lot(for: 170))
        #expect(lot.price == 10_500)
        #expect(lot.lastChange == 500)
        #expect(lot.leader == UserID(rawValue: 7))
        #expect(decision.outcome == .accepted(price: 10_500))
    }

    @Test func acceptsAnOpeningBidAtTheStartPriceThenRefusesTheEqualPrice() {
        var book = AuctionBook(products: EngineFixtures.products(count: 3))
        #expect(book.decide(Bid(productID: 2, price: 10_000), bidder: nil, now: EngineFixtures.start).outcome
            == .accepted(price: 10_000))
        #expect(book.decide(Bid(productID: 2, price: 10_000), bidder: nil, now: EngineFixtures.start).outcome
            == .refused(.priceTooLow, currentPrice: 10_000))
    }

    @Test func refusesRaiseBelowMinimumIncrement() {
        var book = AuctionBook(products: EngineFixtures.products(count: 3, minimumIncrement: 1_000))
        #expect(book.decide(Bid(productID: 1, price: 10_000), bidder: nil, now: EngineFixtures.start).outcome
            == .accepted(price: 10_000))
        #expect(book.decide(Bid(productID: 1, price: 10_999), bidder: nil, now: EngineFixtures.start).outcome
            == .refused(.priceTooLow, currentPrice: 10_000))
        #expect(book.decide(Bid(productID: 1, price: 11_000), bidder: nil, now: EngineFixtures.start).outcome
            == .accepted(price: 11_000))
    }

    @Test func unknownProductIsRefusedWithoutPrice() {
        var book = AuctionBook(products: EngineFixtures.products(count: 3))
        #expect(book.decide(Bid(productID: 99, price: 1_000_000), bidder: nil, now: EngineFixtures.start)
            == .refused(.unknownProduct, currentPrice: nil))
    }

    @Test func positionsFollowIdOrderWhateverTheInputOrder() {
        let book = AuctionBook(products: EngineFixtures.products(count: 5, idStep: 3).reversed())
        #expect(book.position(of: 3) == 1)
        #expect(book.position(of: 15) == 5)
        #expect(book.lot(atPosition: 2)?.productID == 6)
        #expect(book.lot(atPosition: 6) == nil)
        #expect(book.position(of: 4) == nil)
    }

    @Test func fiftyInterleavedBiddersEndAtTheHighestAcceptedPrice() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        var generator = SplitMix64(seed: 50)
        // Each of 50 bidders sends 20 bids, each a random raise over the price it last saw;
        // the bids arrive interleaved in a random order, as from 50 sockets.
        var lastSeen = [Money](repeating: 10_000, count: 50)
        var remaining = [Int](repeating: 20, count: 50)
        var acceptedPrices: [Money] = []
        var step: Int64 = 0
        while remaining.contains(where: { $0 > 0 }) {
            let bidder = Int.random(in: 0..<50, using: &generator)
            guard remaining[bidder] > 0 else { continue }
            remaining[bidder] -= 1
            step += 1
            let offer = lastSeen[bidder] + Money(Int64.random(in: 1...1_000, using: &generator))
            let decision = book.decide(Bid(productID: 1, price: offer), bidder: UserID(rawValue: Int64(bidder)),
                                       now: EngineFixtures.at(step))
            switch decision.outcome {
            case .accepted(let price):
                acceptedPrices.append(price)
                lastSeen[bidder] = price
            case .refused(let reason, let current):
                #expect(reason == .priceTooLow)
                lastSeen[bidder] = current ?? lastSeen[bidder]
            }
        }
        #expect(acceptedPrices.count > 50)
        #expect(zip(acceptedPrices, acceptedPrices.dropFirst()).allSatisfy { $0 < $1 })
        #expect(book.lot(for: 1)?.price == acceptedPrices.max())
    }
}
