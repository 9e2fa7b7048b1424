import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

/// Proxy battles in the book: every decision's stated outcome (`BidResult`, what the reply says)
/// is the lot as it stands after that decision — price, leader, the bidder's maximum, the answer.
@Suite struct ProxyBattleReplyTests {
    let alice = UserID(rawValue: 1), bob = UserID(rawValue: 2), carol = UserID(rawValue: 3)

    /// One request of a battle.
    struct Step {
        var user: UserID
        var price: Money
        var maximum: Money?
        var buy = false
    }

    /// Runs `steps` on a 10,000 lot with `terms`, checking every stated result against the book after it.
    func battle(_ steps: [Step], terms: AuctionTerms = AuctionTerms()) -> [BidDecision] {
        var book = AuctionBook(products: EngineFixtures.products(count: 1), terms: [1: terms])
        var decisions: [BidDecision] = []
        for (order, step) in steps.enumerated() {
            let now = EngineFixtures.at(Int64(order))
            let decision = step.buy ? book.buyNow(productID: 1, buyer: step.user, now: now)
                : book.decide(Bid(productID: 1, price: step.price, maximum: step.maximum), bidder: step.user, now: now)
            book.confirm(decision)
            let lot = book.lot(for: 1)
            #expect(decision.result?.price == lot?.price, "step \(order): stated \(String(describing: decision.result))")
            #expect(decision.result?.leading == (lot?.leader == step.user), "step \(order)")
            if case .accepted(let price) = decision.outcome { #expect(price == lot?.price, "step \(order)") }
            if case .refused(_, let price?) = decision.outcome { #expect(price == lot?.price, "step \(order)") }
            if decision.result?.leading == true, let held = lot?.leaderMaximum {
                #expect(decision.result?.yourMaximum == held, "step \(order): the leader is told their maximum")
            }
            if !(decision.result?.leading ?? false) { #expect(decision.result?.yourMaximum == nil, "step \(order)") }
            if let open = lot, !open.isClosed, !open.isBought { #expect(decision.result?.nextMinimum == book.nextMinimum(of: open)) }
            decisions.append(decision)
        }
        return decisions
    }

    @Test func aChallengersMaximumIsToldThePriceItSetNotTheBidItSent() {
        let decisions = battle([Step(user: alice, price: 100_000, maximum: 150_000), Step(user: bob, price: 130_000, maximum: 200_000)])
        // 150,000 beaten by one increment (5,000 in the 100,000-500,000 band).
        #expect(decisions[1].result == BidResult(price: 155_000, nextMinimum: 160_000, leading: true, yourMaximum: 200_000, placed: true))
    }

    @Test func aLeaderRaisingTheirMaximumIsToldNoBidWasPlaced() {
        let decisions = battle([Step(user: alice, price: 71_000), Step(user: alice, price: 72_000, maximum: 200_000)])
        #expect(decisions[1].outcome == .accepted(price: 71_000))
        #expect(decisions[1].result == BidResult(price: 71_000, nextMinimum: 72_000, leading: true, yourMaximum: 200_000, placed: false))
    }

    @Test func aLeaderLoweringTheirMaximumIsRefusedWithTheReasonAndTheirMaximum() {
        let decisions = battle([Step(user: alice, price: 71_000, maximum: 150_000), Step(user: alice, price: 72_000, maximum: 100_000)])
        #expect(decisions[1].outcome == .refused(.maximumNotRaised, currentPrice: 71_000))
        #expect(decisions[1].result?.yourMaximum == 150_000)
        #expect(decisions[1].result?.leading == true)
    }

    @Test func aPlainBidAnsweredByAProxyIsToldTheAnswer() {
        let decisions = battle([Step(user: alice, price: 20_000, maximum: 50_000), Step(user: bob, price: 30_000)])
        #expect(decisions[1].outcome == .refused(.outbidByProxy, currentPrice: 30_500))
        #expect(decisions[1].result?.proxyPrice == 30_500)
        #expect(decisions[1].result?.leading == false)
    }

    @Test func threeBiddersWithAReserveAndRaisedAndLoweredMaximums() {
        let steps = [
            Step(user: alice, price: 11_100, maximum: 16_000),   // reserve 15,000 reached by the maximum: jumps to it
            Step(user: bob, price: 15_500, maximum: 18_000),     // beats 16,000 by one increment
            Step(user: carol, price: 17_000),                    // answered by bob's proxy
            Step(user: bob, price: 18_000, maximum: 25_000),     // the leader raises: no bid
            Step(user: bob, price: 18_000, maximum: 19_000),     // the leader lowers: refused
            Step(user: carol, price: 20_000, maximum: 30_000),   // takes over at 25,500
            Step(user: alice, price: 26_000),                    // answered by carol's proxy
        ]
        let decisions = battle(steps, terms: AuctionTerms(reserve: 15_000))
        #expect(decisions[0].result?.price == 15_000, "the reserve jump is the price the reply states")
        #expect(decisions[1].result?.price == 16_500)
        #expect(decisions[2].outcome == .refused(.outbidByProxy, currentPrice: 17_500))
        #expect(decisions[3].result?.placed == false)
        #expect(decisions[4].outcome == .refused(.maximumNotRaised, currentPrice: 17_500))
        #expect(decisions[5].result?.price == 25_500)
        #expect(decisions[6].result?.proxyPrice == 26_500)
    }

    @Test func aBuyNowIsToldThePricePaidAndNoNextMinimum() {
        let decisions = battle([Step(user: alice, price: 0, buy: true), Step(user: bob, price: 60_000)],
                               terms: AuctionTerms(buyNow: 50_000))
        #expect(decisions[0].result == BidResult(price: 50_000, nextMinimum: nil, leading: true, placed: true))
        #expect(decisions[1].outcome == .refused(.auctionClosed, currentPrice: 50_000))
    }
}
