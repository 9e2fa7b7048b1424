import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

/// Proxy (maximum) bids: the leader's secret maximum answers challengers one increment at a time.
@Suite struct ProxyBidTests {
    private let alice = UserID(rawValue: 1)
    private let bob = UserID(rawValue: 2)
    private let carol = UserID(rawValue: 3)

    /// One product at 10,000 (table increment there: 500).
    private func book(minimumIncrement: Money? = nil) -> AuctionBook {
        AuctionBook(products: EngineFixtures.products(count: 1, minimumIncrement: minimumIncrement))
    }

    private func bid(_ price: Money, max maximum: Money? = nil) -> Bid {
        Bid(productID: 1, price: price, maximum: maximum)
    }

    @Test func aLoneProxyBidStaysAtItsOwnPrice() {
        var book = book()
        let decision = book.decide(bid(10_100, max: 50_000), bidder: alice, now: EngineFixtures.start)
        #expect(decision.outcome == .accepted(price: 10_100))
        #expect(decision.steps.map(\.price) == [10_100])
        #expect(decision.steps.first?.isAutomatic == false)
        #expect(decision.maximum == ProxyMaximum(productID: 1, user: alice, maximum: 50_000, placedAt: EngineFixtures.start))
        #expect(book.lot(for: 1)?.leaderMaximum == 50_000)
    }

    @Test func aPlainBidBelowTheLeadersMaximumIsRefusedAndTheProxyAnswersOneIncrementAbove() {
        var book = book()
        _ = book.decide(bid(10_100, max: 50_000), bidder: alice, now: EngineFixtures.start)
        let decision = book.decide(bid(20_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(decision.outcome == .refused(.outbidByProxy, currentPrice: 20_500))
        #expect(decision.steps == [AcceptedBid(productID: 1, price: 20_500, previousPrice: 10_100, bidder: alice,
                                               acceptedAt: EngineFixtures.at(1), isAutomatic: true)])
        #expect(decision.previousLeader == alice)
        #expect(decision.maximum == nil)
        #expect(decision.position == 1)
        #expect(book.lot(for: 1)?.leader == alice)
        #expect(book.lot(for: 1)?.bidders == [alice])
    }

    @Test func theProxyAnswerNeverPassesTheMaximum() {
        var book = book()
        _ = book.decide(bid(10_100, max: 20_200), bidder: alice, now: EngineFixtures.start)
        let decision = book.decide(bid(20_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(decision.outcome == .refused(.outbidByProxy, currentPrice: 20_200))
        // Now Alice's maximum is spent: any bid from Bob that reaches the minimum (20,200 + 500) leads.
        #expect(book.decide(bid(20_700), bidder: bob, now: EngineFixtures.at(2)).outcome == .accepted(price: 20_700))
        #expect(book.lot(for: 1)?.leader == bob)
    }

    @Test func ofTwoEqualMaximumsTheEarlierLeads() {
        var book = book()
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        let decision = book.decide(bid(10_600, max: 30_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(decision.outcome == .refused(.outbidByProxy, currentPrice: 30_000))
        #expect(decision.steps.map(\.bidder) == [alice])
        #expect(book.lot(for: 1)?.leader == alice)
    }

    @Test func aHigherMaximumLeadsOneIncrementAboveTheBeatenMaximum() {
        var book = book()
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        let decision = book.decide(bid(10_600, max: 90_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(decision.outcome == .accepted(price: 30_500))
        #expect(decision.steps.map(\.price) == [30_500])
        #expect(decision.steps.first?.bidder == bob)
        #expect(decision.previousLeader == alice)
        #expect(decision.maximum?.maximum == 90_000)
        #expect(book.lot(for: 1)?.leaderMaximum == 90_000)
    }

    @Test func aChallengerJustAboveTheMaximumPaysAtMostItsMaximum() {
        var book = book()
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        #expect(book.decide(bid(10_600, max: 30_100), bidder: bob, now: EngineFixtures.at(1)).outcome == .accepted(price: 30_100))
    }

    @Test func aChallengerBiddingAboveTheAnswerKeepsItsOwnPrice() {
        var book = book()
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        #expect(book.decide(bid(40_000, max: 90_000), bidder: bob, now: EngineFixtures.at(1)).outcome == .accepted(price: 40_000))
    }

    @Test func aPlainBidAboveTheMaximumLeadsAtItsPrice() {
        var book = book()
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        let decision = book.decide(bid(30_001), bidder: bob, now: EngineFixtures.at(1))
        #expect(decision.outcome == .accepted(price: 30_001))
        #expect(book.lot(for: 1)?.leaderMaximum == nil)
    }

    @Test func raisingYourOwnMaximumNeverRaisesThePrice() {
        var book = book()
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        let decision = book.decide(bid(10_600, max: 80_000), bidder: alice, now: EngineFixtures.at(1))
        #expect(decision.outcome == .accepted(price: 10_100))
        #expect(decision.steps.isEmpty)
        #expect(decision.maximum?.maximum == 80_000)
        #expect(book.lot(for: 1)?.price == 10_100)
        #expect(book.lot(for: 1)?.leaderMaximum == 80_000)
    }

    @Test func aLeaderCannotLowerTheirMaximum() {
        var book = book()
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        #expect(book.decide(bid(10_600, max: 20_000), bidder: alice, now: EngineFixtures.at(1)).outcome
            == .refused(.maximumNotRaised, currentPrice: 10_100))
        #expect(book.lot(for: 1)?.leaderMaximum == 30_000)
    }

    @Test func aMaximumBelowTheBidIsRefusedAndChangesNothing() {
        var book = book()
        let before = book.lot(for: 1)
        #expect(book.decide(bid(12_000, max: 11_000), bidder: alice, now: EngineFixtures.start).outcome
            == .refused(.maximumBelowBid, currentPrice: 10_000))
        #expect(book.lot(for: 1) == before)
    }

    @Test func aProxyBidNeedsAKnownBidderAndAMaximumWithinTheLimits() {
        var book = book()
        #expect(book.decide(bid(10_100, max: 20_000), bidder: nil, now: EngineFixtures.start).outcome
            == .refused(.unauthenticated, currentPrice: 10_000))
        #expect(book.decide(bid(10_100, max: Money(Int64.max)), bidder: alice, now: EngineFixtures.start).outcome
            == .refused(.priceTooHigh, currentPrice: 10_000))
        #expect(book.lot(for: 1)?.hasBids == false)
    }

    @Test func aProductsOwnIncrementReplacesTheTable() {
        var book = book(minimumIncrement: 50)
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        #expect(book.decide(bid(20_000), bidder: bob, now: EngineFixtures.at(1)).outcome
            == .refused(.outbidByProxy, currentPrice: 20_050))
    }

    @Test func anAnonymousPlainBidIsAnsweredByTheLeadersProxy() {
        var book = book()
        _ = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        #expect(book.decide(bid(11_000), bidder: nil, now: EngineFixtures.at(1)).outcome
            == .refused(.outbidByProxy, currentPrice: 11_500))
    }

    @Test func aRestoredLeadersMaximumStillAnswers() {
        let maximum = ProxyMaximum(productID: 1, user: alice, maximum: 30_000, placedAt: EngineFixtures.start)
        let stale = ProxyMaximum(productID: 1, user: carol, maximum: 9_000, placedAt: EngineFixtures.start)
        var book = AuctionBook(products: EngineFixtures.products(count: 1), leaders: [1: alice],
                               maximums: [maximum, stale], bidders: [1: [bob]])
        #expect(book.lot(for: 1)?.bidders == [alice, bob, carol])
        #expect(book.decide(bid(12_000), bidder: bob, now: EngineFixtures.at(1)).outcome
            == .refused(.outbidByProxy, currentPrice: 12_500))
    }
}
