import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

/// Lots refreshed from the shared store: other nodes' bids and closes adopted by the pure book.
@Suite struct AuctionBookAdoptTests {
    private let remote = UserID(rawValue: 7), local = UserID(rawValue: 1)

    private func book() -> AuctionBook {
        AuctionBook(products: EngineFixtures.products(count: 4, endsAt: EngineFixtures.at(10_000)))
    }

    private func bid(_ price: Money, after previous: Money) -> AcceptedBid {
        AcceptedBid(productID: 2, price: price, previousPrice: previous, bidder: remote, acceptedAt: EngineFixtures.at(100))
    }

    @Test func adoptingAStoredLotTakesItsPriceLeaderMaximumAndEnd() {
        var book = book()
        let stored = LotRefresh(productID: 2, price: 11_000, lastChange: 1_000, leader: remote, leaderMaximum: 15_000,
                                bidCount: 1, endsAt: EngineFixtures.at(12_000), extensions: 1)
        let adoption = book.adopt(stored, bids: [bid(11_000, after: 10_000)])
        #expect(adoption?.position == 2)
        #expect(adoption?.movedEnd == EngineFixtures.at(12_000))
        let lot = book.lot(for: 2)
        #expect(lot?.price == 11_000)
        #expect(lot?.leader == remote)
        #expect(lot?.leaderMaximum == 15_000)
        #expect(lot?.extensions == 1)
        #expect(lot?.bidders == [remote])
        // The remote leader's maximum answers a local bid under it, as if it had been placed here.
        let decision = book.decide(Bid(productID: 2, price: 12_000), bidder: local, now: EngineFixtures.at(200))
        #expect(decision.outcome == .refused(.outbidByProxy, currentPrice: 12_500))
        // The same end again moves nothing.
        #expect(book.adopt(stored, bids: [])?.movedEnd == nil)
    }

    @Test func adoptingDropsOwnStepsStillWaitingForTheirCommit() {
        var book = book()
        let decision = book.decide(Bid(productID: 2, price: 10_500), bidder: local, now: EngineFixtures.at(50))
        #expect(decision.isAccepted)
        #expect(book.lot(for: 2)?.hasUncommittedBids == true)
        _ = book.adopt(LotRefresh(productID: 2, price: 11_000, leader: remote, bidCount: 1, endsAt: EngineFixtures.at(10_000)),
                       bids: [bid(11_000, after: 10_000)])
        #expect(book.lot(for: 2)?.hasUncommittedBids == false)
        #expect(book.revert(decision).isEmpty)  // the store decided: nothing to undo
        #expect(book.lot(for: 2)?.price == 11_000)
    }

    /// A refresh that read a withdrawal (another node's, its notice still on the way) closes the lot and
    /// refuses later bids and buys as that node does, not `auction_closed`; the lot stays listed until
    /// the notice's adoption, which still happens (once) when it comes.
    @Test(arguments: [(LotRefresh.Withdrawal.removed, RefusalReason.lotRemoved), (.bySeller, .withdrawn)])
    func aWithdrawalReadInARefreshRefusesLaterBidsAsTheOtherNodeDoes(_ withdrawal: LotRefresh.Withdrawal, _ reason: RefusalReason) {
        var book = book()
        var stored = LotRefresh(productID: 2, price: 10_000, endsAt: EngineFixtures.at(10_000), isClosed: true)
        stored.withdrawal = withdrawal
        book.refresh(stored)
        #expect(book.decide(Bid(productID: 2, price: 20_000), bidder: local, now: EngineFixtures.at(200)).outcome
                == .refused(reason, currentPrice: 10_000))
        #expect(book.buyNow(productID: 2, buyer: local, now: EngineFixtures.at(200)).outcome == .refused(reason, currentPrice: 10_000))
        #expect(book.listedCount == 4)
        let adopted = withdrawal == .removed ? book.adoptRemoval(2) : book.adoptWithdrawal(2)
        #expect(adopted, "the notice is still adopted when it arrives")
        #expect(book.listedCount == 3)
        #expect(book.closeDue(now: EngineFixtures.at(20_000)).map(\.productID) == [1, 3, 4])
    }

    @Test func aCloseHeardTwiceIsAnnouncedOnceAndRefusesBids() {
        var book = book()
        let first = book.adoptClose(3, finalPrice: 10_000, winner: nil, endedAt: EngineFixtures.at(9_000))
        #expect(first?.productID == 3)
        #expect(first?.position == 3)
        #expect(book.adoptClose(3, finalPrice: 10_000, winner: nil, endedAt: EngineFixtures.at(9_000)) == nil)
        #expect(book.adoptClose(99, finalPrice: 1, winner: nil, endedAt: EngineFixtures.at(9_000)) == nil)
        #expect(book.decide(Bid(productID: 3, price: 20_000), bidder: local, now: EngineFixtures.at(9_100)).outcome
                == .refused(.auctionClosed, currentPrice: 10_000))
        #expect(book.closeDue(now: EngineFixtures.at(20_000)).map(\.productID) == [1, 2, 4])
    }
}
