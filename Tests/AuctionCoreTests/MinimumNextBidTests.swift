import AuctionCore
import Testing

@Suite struct MinimumNextBidTests {
    @Test func isTheCurrentPricePlusTheIncrementOrOneUnit() {
        #expect(BidRules.minimumNextBid(current: 441_000, minimumIncrement: 5_000) == 446_000)
        #expect(BidRules.minimumNextBid(current: 441_000, minimumIncrement: nil) == 441_001)
        #expect(BidRules.minimumNextBid(current: 441_000, minimumIncrement: 0) == 441_001)
    }

    @Test func saturatesAtTheLargestAmount() {
        #expect(BidRules.minimumNextBid(current: Money(.max), minimumIncrement: 5) == Money(.max))
    }
}
