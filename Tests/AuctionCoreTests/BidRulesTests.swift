import AuctionCore
import Testing

@Suite struct BidRulesTests {
    let now = Timestamp(millisecondsSinceEpoch: 1_000_000)

    @Test func acceptsStrictlyHigherPrice() {
        let outcome = BidRules().decide(Bid(productID: 1, price: 35_001), current: 35_000, minimumIncrement: nil, endsAt: nil, now: now)
        #expect(outcome == .accepted(price: 35_001))
    }

    @Test func refusesEqualPriceAsTooLow() {
        let outcome = BidRules().decide(Bid(productID: 1, price: 35_000), current: 35_000, minimumIncrement: nil, endsAt: nil, now: now)
        #expect(outcome == .refused(.priceTooLow, currentPrice: 35_000))
    }

    @Test func refusesRaiseSmallerThanMinimumIncrement() {
        let rules = BidRules()
        #expect(rules.decide(Bid(productID: 1, price: 35_400), current: 35_000, minimumIncrement: 500, endsAt: nil, now: now)
            == .refused(.priceTooLow, currentPrice: 35_000))
        #expect(rules.decide(Bid(productID: 1, price: 35_500), current: 35_000, minimumIncrement: 500, endsAt: nil, now: now)
            == .accepted(price: 35_500))
    }

    @Test func refusesAfterEndTime() {
        let outcome = BidRules().decide(Bid(productID: 1, price: 99_999), current: 1, minimumIncrement: nil, endsAt: now, now: now)
        #expect(outcome == .refused(.auctionClosed, currentPrice: 1))
    }
}
