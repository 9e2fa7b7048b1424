import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

/// Ending-soon warnings: bidders not leading on a lot that ends within the window, once each.
@Suite struct EndingSoonTests {
    private let alice = UserID(rawValue: 1)
    private let bob = UserID(rawValue: 2)
    private let carol = UserID(rawValue: 3)

    @Test func warnsEachBidderWhoIsNotLeadingOnce() {
        var products = EngineFixtures.products(count: 2)
        products[0].endsAt = EngineFixtures.at(600_000)
        products[1].endsAt = EngineFixtures.at(6_000_000)
        var book = AuctionBook(products: products)
        for (user, price) in [(alice, Money(11_000)), (bob, 12_000), (carol, 13_000)] {
            book.confirm(book.decide(Bid(productID: 1, price: price), bidder: user, now: EngineFixtures.at(1)))
            book.confirm(book.decide(Bid(productID: 2, price: price), bidder: user, now: EngineFixtures.at(1)))
        }
        #expect(book.endingSoon(now: EngineFixtures.at(200_000), within: 300_000).isEmpty)
        let warnings = book.endingSoon(now: EngineFixtures.at(300_000), within: 300_000)
        #expect(warnings == [
            EndingSoon(productID: 1, position: 1, user: alice, endsAt: EngineFixtures.at(600_000), price: 13_000),
            EndingSoon(productID: 1, position: 1, user: bob, endsAt: EngineFixtures.at(600_000), price: 13_000),
        ])
        #expect(book.endingSoon(now: EngineFixtures.at(400_000), within: 300_000).isEmpty)
        // Carol is outbid later: she is warned then, once.
        book.confirm(book.decide(Bid(productID: 1, price: 14_000), bidder: alice, now: EngineFixtures.at(500_000)))
        #expect(book.endingSoon(now: EngineFixtures.at(500_001), within: 300_000).map(\.user) == [carol])
        #expect(book.endingSoon(now: EngineFixtures.at(500_002), within: 300_000).isEmpty)
    }

    @Test func aWarningRestoredAtStartIsNotSentAgain() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1, endsAt: EngineFixtures.at(1_000)),
                               leaders: [1: bob], bidders: [1: [alice, bob, carol]])
        book.markEndingSoonSent(productID: 1, user: alice)
        #expect(book.endingSoon(now: EngineFixtures.at(900), within: 300_000).map(\.user) == [carol])
    }

    @Test func endedLotsWarnNobody() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1, endsAt: EngineFixtures.at(1_000)))
        book.confirm(book.decide(Bid(productID: 1, price: 11_000), bidder: alice, now: EngineFixtures.at(1)))
        book.confirm(book.decide(Bid(productID: 1, price: 12_000), bidder: bob, now: EngineFixtures.at(2)))
        _ = book.closeDue(now: EngineFixtures.at(1_000))
        #expect(book.endingSoon(now: EngineFixtures.at(1_000), within: 300_000).isEmpty)
    }
}
