import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

/// The hidden reserve and buy-now.
@Suite struct ReserveAndBuyNowTests {
    private let alice = UserID(rawValue: 1)
    private let bob = UserID(rawValue: 2)

    /// One product at 10,000 ending at `at(1_000)` with the given terms.
    private func book(reserve: Money? = nil, buyNow: Money? = nil) -> AuctionBook {
        AuctionBook(products: EngineFixtures.products(count: 1, endsAt: EngineFixtures.at(1_000)),
                    terms: [1: AuctionTerms(reserve: reserve, buyNow: buyNow)])
    }

    private func bid(_ price: Money, max maximum: Money? = nil) -> Bid {
        Bid(productID: 1, price: price, maximum: maximum)
    }

    @Test func theReserveIsMetOnlyOnceThePriceReachesIt() {
        var book = book(reserve: 20_000)
        #expect(book.lot(for: 1)?.reserveMet == false)
        _ = book.decide(bid(19_500), bidder: alice, now: EngineFixtures.at(1))
        #expect(book.lot(for: 1)?.reserveMet == false)
        _ = book.decide(bid(20_000), bidder: bob, now: EngineFixtures.at(2))
        #expect(book.lot(for: 1)?.reserveMet == true)
        #expect(AuctionBook(products: EngineFixtures.products(count: 1)).lot(for: 1)?.reserveMet == nil)
    }

    @Test func aProxyWhoseMaximumReachesTheReserveJumpsThePriceToIt() {
        var book = book(reserve: 25_000)
        let decision = book.decide(bid(10_100, max: 40_000), bidder: alice, now: EngineFixtures.at(1))
        #expect(decision.outcome == .accepted(price: 25_000))
        #expect(book.lot(for: 1)?.reserveMet == true)
        var short = self.book(reserve: 25_000)
        #expect(short.decide(bid(10_100, max: 24_999), bidder: alice, now: EngineFixtures.at(1)).outcome == .accepted(price: 10_100))
    }

    @Test func aLeaderRaisingTheirMaximumToTheReserveJumpsThePrice() {
        var book = book(reserve: 25_000)
        _ = book.decide(bid(10_100, max: 20_000), bidder: alice, now: EngineFixtures.at(1))
        let decision = book.decide(bid(10_600, max: 30_000), bidder: alice, now: EngineFixtures.at(2))
        #expect(decision.outcome == .accepted(price: 25_000))
        #expect(decision.steps.map(\.price) == [25_000])
    }

    @Test func aCloseBelowTheReserveHasNoWinner() throws {
        var book = book(reserve: 50_000)
        let step = try #require(book.decide(bid(20_000), bidder: alice, now: EngineFixtures.at(1)).steps.first)
        book.confirm([step])
        let closing = try #require(book.closeDue(now: EngineFixtures.at(1_000)).first)
        #expect(closing.winner == nil)
        #expect(closing.reserveMet == false)
        #expect(closing.finalPrice == 20_000)
        #expect(closing.bidders == [alice])
    }

    @Test func aCloseAtTheReserveHasAWinner() throws {
        var book = book(reserve: 50_000)
        book.confirm(book.decide(bid(50_000), bidder: alice, now: EngineFixtures.at(1)).steps)
        let closing = try #require(book.closeDue(now: EngineFixtures.at(1_000)).first)
        #expect(closing.winner == alice)
        #expect(closing.reserveMet == true)
    }

    @Test func buyingNowEndsTheAuctionAndTheNextCloseReportsIt() throws {
        var book = book(buyNow: 60_000)
        #expect(book.lot(for: 1)?.buyNowPrice == 60_000)
        let decision = book.buyNow(productID: 1, buyer: alice, now: EngineFixtures.at(10))
        #expect(decision.outcome == .accepted(price: 60_000))
        #expect(decision.steps == [AcceptedBid(productID: 1, price: 60_000, previousPrice: 10_000, bidder: alice,
                                               acceptedAt: EngineFixtures.at(10))])
        #expect(decision.endsAt == EngineFixtures.at(10))
        #expect(book.nextEndTime == EngineFixtures.at(10))
        #expect(book.decide(bid(70_000), bidder: bob, now: EngineFixtures.at(10)).outcome
            == .refused(.auctionClosed, currentPrice: 60_000))
        #expect(book.buyNow(productID: 1, buyer: bob, now: EngineFixtures.at(10)).outcome
            == .refused(.auctionClosed, currentPrice: 60_000))
        #expect(book.closeDue(now: EngineFixtures.at(10)).isEmpty)  // waits for the commit
        book.confirm(decision)
        let closing = try #require(book.closeDue(now: EngineFixtures.at(11)).first)
        #expect(closing.bought)
        #expect(closing.winner == alice)
        #expect(closing.endedAt == EngineFixtures.at(10))
        #expect(book.closeDue(now: EngineFixtures.at(2_000)).isEmpty)
    }

    @Test func buyNowDisappearsWithTheFirstBid() {
        var book = book(buyNow: 60_000)
        _ = book.decide(bid(11_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(book.lot(for: 1)?.buyNowPrice == nil)
        #expect(book.buyNow(productID: 1, buyer: alice, now: EngineFixtures.at(2)).outcome
            == .refused(.buyNowUnavailable, currentPrice: 11_000))
    }

    @Test func withAReserveBuyNowStaysUntilTheReserveIsMet() {
        var book = book(reserve: 30_000, buyNow: 60_000)
        _ = book.decide(bid(20_000), bidder: bob, now: EngineFixtures.at(1))
        #expect(book.lot(for: 1)?.buyNowPrice == 60_000)
        _ = book.decide(bid(30_000), bidder: bob, now: EngineFixtures.at(2))
        #expect(book.buyNow(productID: 1, buyer: alice, now: EngineFixtures.at(3)).outcome
            == .refused(.buyNowUnavailable, currentPrice: 30_000))
    }

    @Test func buyNowIsRefusedWithoutAPriceAboveTheCurrentOneOrOnUnknownAndEndedLots() {
        var plain = book()
        #expect(plain.buyNow(productID: 1, buyer: alice, now: EngineFixtures.at(1)).outcome
            == .refused(.buyNowUnavailable, currentPrice: 10_000))
        #expect(plain.buyNow(productID: 9, buyer: alice, now: EngineFixtures.at(1))
            == .refused(.unknownProduct, currentPrice: nil))
        #expect(plain.buyNow(productID: 1, buyer: alice, now: EngineFixtures.at(1_000)).outcome
            == .refused(.auctionClosed, currentPrice: 10_000))
        var cheap = book(buyNow: 10_000)
        #expect(cheap.buyNow(productID: 1, buyer: alice, now: EngineFixtures.at(1)).outcome
            == .refused(.buyNowUnavailable, currentPrice: 10_000))
        var anonymous = book(buyNow: 60_000)
        #expect(anonymous.buyNow(productID: 1, buyer: nil, now: EngineFixtures.at(1)).outcome
            == .refused(.unauthenticated, currentPrice: 10_000))
    }

    @Test func aFailedBuyNowCommitReopensTheAuction() {
        var book = book(buyNow: 60_000)
        let before = book.lot(for: 1)
        let decision = book.buyNow(productID: 1, buyer: alice, now: EngineFixtures.at(10))
        #expect(book.closeDue(now: EngineFixtures.at(20)).isEmpty)
        let corrections = book.revert(decision)
        #expect(corrections.map(\.price) == [10_000])
        #expect(book.lot(for: 1) == before)
        #expect(book.lot(for: 1)?.buyNowPrice == 60_000)
        #expect(book.closeDue(now: EngineFixtures.at(30)).isEmpty)
        #expect(book.nextEndTime == EngineFixtures.at(1_000))
        #expect(book.closeDue(now: EngineFixtures.at(1_000)).map(\.bought) == [false])
    }
}
