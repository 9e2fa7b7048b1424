import AuctionBidding
import AuctionCore
import AuctionEngine
import Testing

/// Other nodes' bids, sellers' holds and moderators' retractions meet this node's bids in flight.
@Suite struct BidPathRemoteAndSellerTests {
    @Test func anotherNodesBidsAreAdoptedAndPushedOnceEach() {
        var fixture = BidPathFixture()
        let remote = BidPathCommitTests.remote(price: 2_000, count: 1, by: BidPathFixture.bob, at: fixture.now)
        let adopted = fixture.path.remoteBidsArrived(remote)
        #expect(adopted.pushed.map(\.update.sequence) == [1])
        #expect(adopted.notes == [.adopted(1, count: 1, sequence: 1)])
        let told = adopted.flatMap { action -> [AcceptedBid] in
            if case .otherNodesBids(let bids) = action { return bids }
            return []
        }
        #expect(told.map(\.price) == [2_000])  // for the lot's chat room
        #expect(fixture.path.book.lot(for: 1)?.price == 2_000)
        #expect(fixture.path.remoteBidsArrived(remote).isEmpty)  // known already
    }

    @Test func aReadOfALotWithBidsInFlightIsParkedUntilTheyComeBack() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500)
        let remote = BidPathCommitTests.remote(price: 2_500, count: 2, by: BidPathFixture.bob, at: fixture.now)
        #expect(fixture.path.remoteBidsArrived(remote).isEmpty)
        #expect(fixture.path.hasParkedReads)
        let committed = fixture.commitAll()
        // Alice's own bid got seq 1; the parked read brings Bob's seq 2 after it.
        #expect(committed.pushed.map(\.update.sequence) == [1, 2])
        #expect(!fixture.path.hasParkedReads)
        #expect(fixture.path.book.lot(for: 1)?.leader == BidPathFixture.bob)
    }

    @Test func parkedReadsOfOneLotMergeKeepingTheNewestState() {
        let early = BidPathCommitTests.remote(price: 2_000, count: 1, by: BidPathFixture.bob, at: BidPathFixture.start)
        let late = BidPathCommitTests.remote(price: 3_000, count: 2, by: BidPathFixture.alice, at: BidPathFixture.start)
        let merged = early.merged(with: late, keeping: 8)
        #expect(merged.bidCount == 2)
        #expect(merged.lot.price == 3_000)
        #expect(merged.bids.map(\.sequence) == [1, 2])
        #expect(late.merged(with: early, keeping: 1).bids.map(\.sequence) == [2])
    }

    @Test func bidsWaitForASellersWithdrawalAndAreRefusedOnceItIsStored() {
        var fixture = BidPathFixture()
        #expect(fixture.path.checkWithdrawal(1) == .applied)
        let waiting = fixture.bid(1_500)
        #expect(waiting.isEmpty)  // parked behind the seller's change
        _ = fixture.path.adoptWithdrawal(1)
        let released = fixture.path.sellerHoldReleased(1, now: fixture.now)
        #expect(released.replies.map(\.answer.result) == [false])
        #expect(fixture.path.commitsInFlight == 0)
    }

    @Test func bidsWaitingForARefusedChangeAreDecidedOnTheOldTerms() {
        var fixture = BidPathFixture()
        #expect(fixture.path.checkWithdrawal(1) == .applied)
        #expect(fixture.bid(1_500).isEmpty)
        let released = fixture.path.sellerHoldReleased(1, now: fixture.now)  // the store refused the withdrawal
        #expect(released.schedulesRound)
        #expect(fixture.commitAll().replies.map(\.answer.result) == [true])
    }

    @Test func aWithdrawalAfterABidIsRefusedAsHavingBids() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500)
        #expect(fixture.path.checkWithdrawal(1) == .hasBids)
        #expect(fixture.path.checkWithdrawal(7) == .unknownProduct)
    }

    @Test func aRetractionWaitsForTheLotsBidsInFlight() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500)
        guard case .waits(let change) = fixture.path.checkRetraction(1) else { Issue.record("did not wait"); return }
        #expect(change.productID == 1)
        let committed = fixture.commitAll()
        #expect(committed.contains { if case .runSettled(change) = $0 { return true } else { return false } })
        #expect(fixture.path.checkRetraction(2) == .decided(.applied))  // no bids in flight there
    }
}
