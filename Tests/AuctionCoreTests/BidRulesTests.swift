import AuctionCore
import Testing

@Suite struct BidRulesTests {
    let now = Timestamp(millisecondsSinceEpoch: 1_000_000)

    @Test func acceptsAPriceThatReachesTheMinimum() {
        let outcome = BidRules().decide(Bid(productID: 1, price: 35_500), current: 35_000, minimum: 35_500, endsAt: nil, now: now)
        #expect(outcome == .accepted(price: 35_500))
    }

    @Test func refusesOneUnitBelowTheMinimumAsTooLow() {
        let outcome = BidRules().decide(Bid(productID: 1, price: 35_499), current: 35_000, minimum: 35_500, endsAt: nil, now: now)
        #expect(outcome == .refused(.priceTooLow, currentPrice: 35_000))
    }

    @Test func acceptsAnOpeningBidAtTheStartPriceWhenTheMinimumIsIt() {
        let outcome = BidRules().decide(Bid(productID: 1, price: 1_000), current: 1_000, minimum: 1_000, endsAt: nil, now: now)
        #expect(outcome == .accepted(price: 1_000))
    }

    @Test func refusesAfterEndTime() {
        let outcome = BidRules().decide(Bid(productID: 1, price: 99_999), current: 1, minimum: 2, endsAt: now, now: now)
        #expect(outcome == .refused(.auctionClosed, currentPrice: 1))
    }
}
