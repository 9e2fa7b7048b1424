import AuctionTestSupport
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import Testing

/// Undoing decisions whose commit failed: every field a step changed comes back.
@Suite struct MultiStepRevertTests {
    private let alice = UserID(rawValue: 1)
    private let bob = UserID(rawValue: 2)
    private let carol = UserID(rawValue: 3)

    private func bid(_ price: Money, max maximum: Money? = nil) -> Bid {
        Bid(productID: 1, price: price, maximum: maximum)
    }

    @Test func revertingAProxyAnswerRestoresThePriceAndKeepsTheLeader() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        book.confirm(book.decide(bid(10_100, max: 50_000), bidder: alice, now: EngineFixtures.start))
        let before = book.lot(for: 1)
        let answer = book.decide(bid(20_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(answer.steps.count == 1)
        let corrections = book.revert(answer)
        #expect(corrections.map(\.price) == [10_100])
        #expect(book.lot(for: 1) == before)
    }

    @Test func revertingANewLeaderRestoresTheOldLeadersMaximumAndTheBidders() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        book.confirm(book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start))
        let before = book.lot(for: 1)
        let takeover = book.decide(bid(10_600, max: 90_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(book.lot(for: 1)?.bidders == [alice, bob])
        book.revert(takeover)
        #expect(book.lot(for: 1) == before)
        #expect(book.lot(for: 1)?.leaderMaximum == 30_000)
        #expect(book.lot(for: 1)?.bidders == [alice])
        // Alice's maximum answers again.
        #expect(book.decide(bid(20_000), bidder: carol, now: EngineFixtures.at(2)).outcome
            == .refused(.outbidByProxy, currentPrice: 20_500))
    }

    @Test func aRaisedMaximumWithoutAStepCanBeRevertedAndConfirmed() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        book.confirm(book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start))
        let raise = book.decide(bid(10_600, max: 80_000), bidder: alice, now: EngineFixtures.at(1))
        #expect(raise.steps.isEmpty)
        #expect(book.lot(for: 1)?.hasUncommittedBids == true)
        #expect(book.revert(raise).isEmpty)
        #expect(book.lot(for: 1)?.leaderMaximum == 30_000)
        #expect(book.lot(for: 1)?.hasUncommittedBids == false)

        let again = book.decide(bid(10_600, max: 80_000), bidder: alice, now: EngineFixtures.at(2))
        book.confirm(again)
        #expect(book.lot(for: 1)?.hasUncommittedBids == false)
        #expect(book.revert(again).isEmpty)
        #expect(book.lot(for: 1)?.leaderMaximum == 80_000)
    }

    @Test func anOvertakenFailedStepSplicesOutAndALaterFailureFallsBackPastBoth() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        let first = book.decide(bid(10_100, max: 30_000), bidder: alice, now: EngineFixtures.start)
        let before = AuctionBook(products: EngineFixtures.products(count: 1)).lot(for: 1)
        let second = book.decide(bid(20_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(book.revert(first).isEmpty)  // overtaken by the proxy's answer: nothing to push yet
        #expect(book.lot(for: 1)?.price == 20_500)
        #expect(book.lot(for: 1)?.bidders == [alice])  // the answer is Alice's step: she stays a bidder
        #expect(book.revert(second).map(\.price) == [10_000])
        #expect(book.lot(for: 1) == before)
    }

    @Test func aFailedGroupOfProxyDecisionsIsUndoneInAnyOrder() throws {
        // One commit group: a proxy leads, a plain bid is answered, a higher proxy takes over (extending
        // the end), the new leader raises their maximum. Undone in every order, the lot is as before.
        let end = EngineFixtures.at(100_000)
        let orders = [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]]
        for order in orders {
            var book = AuctionBook(products: EngineFixtures.products(count: 1, endsAt: end),
                                   terms: [1: AuctionTerms(reserve: 25_000)], softClose: .standard)
            book.confirm(book.decide(bid(10_100), bidder: carol, now: EngineFixtures.at(1)))
            let before = try #require(book.lot(for: 1))
            let group = [
                book.decide(bid(10_600, max: 20_000), bidder: alice, now: EngineFixtures.at(2)),
                book.decide(bid(15_000), bidder: bob, now: EngineFixtures.at(3)),
                book.decide(bid(16_000, max: 40_000), bidder: bob, now: end.adding(milliseconds: -1_000)),
                book.decide(bid(25_600, max: 60_000), bidder: bob, now: end.adding(milliseconds: -500)),
            ]
            #expect(group.map(\.steps.count) == [1, 1, 1, 0])
            #expect(book.lot(for: 1)?.reserveMet == true)
            #expect(book.lot(for: 1)?.extensions == 1)
            for index in order { book.revert(group[index]) }
            #expect(book.lot(for: 1) == before, "order \(order)")
            #expect(book.nextEndTime == end)
        }
    }

    @Test func everyDecisionRevertedAtOnceLeavesTheLotAsItWas() {
        // Random proxy and plain bids; each decision is reverted right away: the lot must be unchanged.
        var generator = SplitMix64(seed: 11)
        var book = AuctionBook(products: EngineFixtures.products(count: 1, endsAt: EngineFixtures.at(100_000)),
                               terms: [1: AuctionTerms(reserve: 40_000, buyNow: 90_000)], softClose: .standard)
        var now = EngineFixtures.start
        var mismatches = 0
        for round in 0..<400 {
            now = now.adding(milliseconds: Int64(Int.random(in: 0..<300, using: &generator)))
            guard let lot = book.lot(for: 1), !lot.isClosed, now < lot.endsAt ?? now.adding(milliseconds: 1) else { break }
            let user = UserID(rawValue: Int64(1 + Int.random(in: 0..<4, using: &generator)))
            let price = lot.price + Money(Int64(1 + Int.random(in: 0..<2_000, using: &generator)))
            let maximum: Money? = Int.random(in: 0..<2, using: &generator) == 0 ? price + Money(Int64(Int.random(in: 0..<20_000, using: &generator))) : nil
            let decision = book.decide(Bid(productID: 1, price: price, maximum: maximum), bidder: user, now: now)
            if round % 3 == 0 {
                book.revert(decision)
                if book.lot(for: 1) != lot { mismatches += 1 }
            } else {
                book.confirm(decision)
            }
        }
        #expect(mismatches == 0)
        #expect(book.lot(for: 1)?.hasUncommittedBids == false)
    }
}
