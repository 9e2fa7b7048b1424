import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

@Suite struct AuctionBookClosingTests {
    @Test func closesEachDueAuctionOnceWithWinnerAndFinalPrice() throws {
        var products = EngineFixtures.products(count: 3)
        products[0].endsAt = EngineFixtures.at(1_000)
        products[1].endsAt = EngineFixtures.at(5_000)
        var book = AuctionBook(products: products)
        let decision = book.decide(Bid(productID: 1, price: 12_000), bidder: UserID(rawValue: 4), now: EngineFixtures.at(10))
        guard let bid = decision.steps.first else {
            Issue.record("expected acceptance")
            return
        }
        book.confirm([bid])

        #expect(book.closeDue(now: EngineFixtures.at(999)).isEmpty)
        let first = book.closeDue(now: EngineFixtures.at(1_000))
        #expect(first == [AuctionClosing(productID: 1, position: 1, finalPrice: 12_000, winner: UserID(rawValue: 4),
                                         endedAt: EngineFixtures.at(1_000), bidders: [UserID(rawValue: 4)])])
        #expect(book.closeDue(now: EngineFixtures.at(1_001)).isEmpty)
        #expect(book.nextEndTime == EngineFixtures.at(5_000))

        let second = book.closeDue(now: EngineFixtures.at(60_000))
        #expect(second.map(\.productID) == [2])
        #expect(second.first?.winner == nil)
        #expect(book.closeDue(now: EngineFixtures.at(120_000)).isEmpty)
        #expect(book.nextEndTime == nil)
        #expect(book.lot(for: 1)?.isClosed == true)
        #expect(book.lot(for: 3)?.isClosed == false)
    }

    @Test func bidsAfterTheEndAreRefusedAsClosed() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1, endsAt: EngineFixtures.at(100)))
        #expect(book.decide(Bid(productID: 1, price: 99_000), bidder: nil, now: EngineFixtures.at(100)).outcome
            == .refused(.auctionClosed, currentPrice: 10_000))
        _ = book.closeDue(now: EngineFixtures.at(100))
        #expect(book.decide(Bid(productID: 1, price: 99_000), bidder: nil, now: EngineFixtures.at(50)).outcome
            == .refused(.auctionClosed, currentPrice: 10_000))
    }

    @Test func closingWaitsForUncommittedBidsAndReportsTheRevertedWinnerCorrectly() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1, endsAt: EngineFixtures.at(100)),
                               leaders: [1: UserID(rawValue: 1)])
        let decision = book.decide(Bid(productID: 1, price: 50_000), bidder: UserID(rawValue: 2), now: EngineFixtures.at(99))
        guard let bid = decision.steps.first else {
            Issue.record("expected acceptance")
            return
        }
        #expect(book.closeDue(now: EngineFixtures.at(100)).isEmpty)
        book.revert(bid)
        let closings = book.closeDue(now: EngineFixtures.at(101))
        #expect(closings.map(\.finalPrice) == [10_000])
        #expect(closings.map(\.winner) == [UserID(rawValue: 1)])
        #expect(book.closeDue(now: EngineFixtures.at(102)).isEmpty)
    }

    @Test func auctionsAlreadyClosedAtStartAreNotAnnouncedAgain() {
        let products = EngineFixtures.products(count: 2, endsAt: EngineFixtures.at(0))
        var book = AuctionBook(products: products, closed: [1])
        #expect(book.closeDue(now: EngineFixtures.at(10)).map(\.productID) == [2])
        #expect(book.decide(Bid(productID: 1, price: 99_000), bidder: nil, now: EngineFixtures.at(-10)).outcome
            == .refused(.auctionClosed, currentPrice: 10_000))
    }
}
