import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

/// Lots changed by their sellers in the pure book, and the demo's simulated seller.
@Suite struct SellerBookTests {
    private let alice = UserID(rawValue: 1)

    private func book() -> AuctionBook {
        AuctionBook(products: EngineFixtures.products(count: 16, endsAt: EngineFixtures.at(1_000)))
    }

    private func newLot(_ id: Int, price: Money = 1_000) -> Product {
        Product(id: ProductID(id), name: "new", startPrice: price, currentPrice: price, lastChange: .zero, direction: .unchanged,
                auctionDate: "", imageIDs: [], endsAt: EngineFixtures.at(500))
    }

    @Test func aNewLotWithTheHighestIdIsAppendedAndClosesOnTime() {
        var book = book()
        #expect(book.list(newLot(17), terms: AuctionTerms()) == 17)
        #expect(book.position(of: 17) == 17)
        #expect(book.list(newLot(3), terms: AuctionTerms()) == nil)  // not above every id: refused
        #expect(book.closeDue(now: EngineFixtures.at(600)).map(\.productID) == [17])
    }

    @Test func aWithdrawnLotRefusesBidsAndIsNeverAnnounced() {
        var book = book()
        #expect(book.withdraw(2) == .applied)
        #expect(book.withdraw(2) == .closed)
        #expect(book.withdraw(99) == .unknownProduct)
        let refused = book.decide(Bid(productID: 2, price: 999_999), bidder: alice, now: EngineFixtures.at(1))
        #expect(!refused.isAccepted)
        #expect(book.closeDue(now: EngineFixtures.at(2_000)).contains { $0.productID == 2 } == false)
    }

    @Test func withdrawnLotsLeaveTheListPositionsOfTheLotsAfterThem() {
        // Lists skip withdrawn lots, so lot 16 is the 15th line of page 1 once lot 3 is gone:
        // pushes about it must reach a watcher that loaded page 1 only.
        var book = book()
        #expect(book.withdraw(3) == .applied)
        #expect(book.position(of: 2) == 2)
        #expect(book.position(of: 3) == 3)  // the withdrawn lot keeps its own (for the withdrawal's push)
        #expect(book.position(of: 16) == 15)
        #expect(book.listedCount == 15 && book.productCount == 16)
        let bid = book.decide(Bid(productID: 16, price: 999_999), bidder: alice, now: EngineFixtures.at(1))
        #expect(bid.isAccepted && bid.position == 15)
        #expect(book.list(newLot(17), terms: AuctionTerms()) == 16)
        #expect(book.closeDue(now: EngineFixtures.at(2_000)).first { $0.productID == 15 }?.position == 14)

        var restarted = self.book()
        restarted.restoreWithdrawn([3])
        #expect(restarted.position(of: 16) == 15)
        #expect(!restarted.decide(Bid(productID: 3, price: 999_999), bidder: alice, now: EngineFixtures.at(1)).isAccepted)
    }

    @Test func aBidLocksTheStartTheEndAndRaisingTheReserve() {
        var book = book()
        book.list(newLot(17), terms: AuctionTerms(reserve: 5_000))
        #expect(book.amend(17, startPrice: 2_000, endsAt: nil, minimumIncrement: nil, reserve: nil, buyNow: nil) == .applied)
        #expect(book.lot(for: 17)?.price == 2_000)
        #expect(book.decide(Bid(productID: 17, price: 2_500), bidder: alice, now: EngineFixtures.at(1)).isAccepted)
        #expect(book.withdraw(17) == .hasBids)
        #expect(book.amend(17, startPrice: 3_000, endsAt: nil, minimumIncrement: nil, reserve: nil, buyNow: nil) == .hasBids)
        #expect(book.amend(17, startPrice: nil, endsAt: EngineFixtures.at(900), minimumIncrement: nil, reserve: nil, buyNow: nil)
                == .hasBids)
        #expect(book.amend(17, startPrice: nil, endsAt: nil, minimumIncrement: nil, reserve: 6_000, buyNow: nil) == .hasBids)
        #expect(book.amend(17, startPrice: nil, endsAt: nil, minimumIncrement: nil, reserve: 2_500, buyNow: nil) == .applied)
        #expect(book.lot(for: 17)?.reserveMet == true)
    }

    @Test func theSimulatedSellerListsOneLotPerIntervalOnTheClockItIsGiven() {
        var seller = SellerSimulation(start: EngineFixtures.at(0), intervalMilliseconds: 45_000)
        #expect(seller.due(now: EngineFixtures.at(44_999)) == nil)
        let first = seller.due(now: EngineFixtures.at(45_000))
        #expect(first != nil)
        #expect(seller.due(now: EngineFixtures.at(45_001)) == nil)
        let second = seller.due(now: EngineFixtures.at(90_000))
        #expect(second != nil && second?.name != first?.name)
        for lot in [first, second].compactMap({ $0 }) {
            #expect(lot.startPrice > .zero && lot.durationSeconds >= 60 && lot.durationSeconds <= 30 * 86_400)
        }
    }
}
