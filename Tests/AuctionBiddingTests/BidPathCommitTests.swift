import AuctionBidding
import AuctionCore
import AuctionEngine
import Testing

/// A round's commits come back: stored, refused by the store, lost, or of unknown fate.
@Suite struct BidPathCommitTests {
    @Test func anUnavailableStoreUndoesTheBidAndFreesItsKey() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500, key: "k1")
        let failed = fixture.commit(.unavailable(BidPathFixture.Failure()))
        #expect(failed.replies.map(\.answer) == [KeyedAnswer(result: false, reason: .unavailable, price: 1_000)])
        #expect(failed.corrections.map(\.price) == [1_000])
        #expect(failed.pushed.isEmpty)  // nothing uncommitted was ever pushed
        #expect(failed.notes == [.undone(count: 1, error: "store gone")])
        #expect(fixture.path.book.lot(for: 1)?.price == 1_000)
        #expect(fixture.path.counts.commitFailures == 1)
        #expect(fixture.path.counts.accepted == 0)
        // The key stored nothing: a retry is decided anew.
        #expect(fixture.bid(1_500, key: "k1", connection: 2).schedulesRound)
    }

    @Test func anUnknownOutcomeIsNotAnsweredAndTheBookForgetsTheBid() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500, key: "k1")
        let unknown = fixture.commit(.unknown(BidPathFixture.Failure()))
        #expect(unknown.replies.isEmpty)  // silence: the client takes it as an unknown outcome
        #expect(unknown.notes == [.outcomeUnknown(count: 1, error: "store gone")])
        #expect(fixture.path.book.lot(for: 1)?.price == 1_000)
        #expect(fixture.bid(1_500, key: "k1", connection: 2).schedulesRound)  // decided again; the store answers
    }

    @Test func aConflictAdoptsTheStoredBidsPushesThemAndDecidesAgain() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500)
        let remote = Self.remote(price: 2_000, count: 1, by: BidPathFixture.bob, at: fixture.now)
        let conflict = fixture.commit(.conflict(remote))
        // Bob's stored bid is pushed with its seq; Alice's 1,500 is decided again on 2,000 and refused.
        #expect(conflict.pushed.map(\.update.price) == [2_000])
        #expect(conflict.pushed.map(\.update.sequence) == [1])
        #expect(conflict.replies.map(\.answer.result) == [false])
        #expect(conflict.replies.first?.answer.price == 2_000)
        #expect(fixture.path.book.lot(for: 1)?.leader == BidPathFixture.bob)
        #expect(fixture.path.commitsInFlight == 0)
    }

    @Test func aConflictedBidStillHighEnoughIsDecidedAgainAndQueued() {
        var fixture = BidPathFixture()
        _ = fixture.bid(3_000)
        let conflict = fixture.commit(.conflict(Self.remote(price: 2_000, count: 1, by: BidPathFixture.bob, at: fixture.now)))
        #expect(conflict.notes.contains(.decidingAgain(1, storedPrice: 2_000)))
        #expect(conflict.schedulesRound)
        #expect(conflict.replies.isEmpty)
        let round = fixture.path.takeRound()
        #expect(round.map(\.ledger.knownBids) == [1])  // pinned to the count it now knows
        #expect(round.first?.pending.attempts == 1)
    }

    /// A keyed bid of 1,500 on lot 1 whose commit finds its key bound to a bid of 1,400 on `boundOn`.
    private func duplicate(boundOn product: ProductID) -> (BidPathFixture, [BidAction]) {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500, key: "k1")
        let original = AcceptedBid(productID: product, price: 1_400, previousPrice: 1_000, bidder: BidPathFixture.alice,
                                   acceptedAt: fixture.now, idempotencyKey: "k1")
        let actions = fixture.commit(.duplicateKey(original: original))
        return (fixture, actions)
    }

    @Test func aDuplicateKeyIsAnsweredWithTheOriginalBid() {
        let (fixture, actions) = duplicate(boundOn: 1)
        #expect(actions.replies.map(\.answer) == [KeyedAnswer(result: true, reason: nil, price: 1_400)])
        #expect(fixture.path.book.lot(for: 1)?.price == 1_000)  // the book forgot its own decision
    }

    @Test func aDuplicateKeyBoundOnAnotherLotIsRefusedAsReused() {
        #expect(duplicate(boundOn: 2).1.replies.map(\.answer.reason) == [.idempotencyKeyReused])
    }

    @Test func aBidderSuspendedInTheStoreIsRefusedAndLoggedOut() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500)
        let suspended = fixture.commit(.bidderSuspended(BidPathFixture.alice))
        #expect(suspended.replies.map(\.answer.reason) == [.suspended])
        #expect(suspended.contains { if case .logOut(BidPathFixture.alice) = $0 { return true } else { return false } })
    }

    @Test func commitsThatFollowMissedBidsPushThoseFirst() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500)
        let round = fixture.path.takeRound()
        let missed = Self.remote(price: 1_500, count: 1, by: BidPathFixture.bob, at: fixture.now)
        let actions = fixture.path.returned([(round.map(\.pending), CommitOutcome<BidPathFixture.Failure>.committed(
            CommittedBids(sequences: [2], missed: missed)))], now: fixture.now)
        #expect(actions.pushed.map(\.update.sequence) == [1, 2])
        #expect(actions.notes == [.missedBids(1, count: 1)])
    }

    @Test func aFailedGroupsCorrectionsFollowThePushesTakenBeforeIt() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500, on: 1, connection: 1)
        _ = fixture.bid(1_500, on: 2, connection: 2)
        let round = fixture.path.takeRound()
        let actions = fixture.path.returned([
            ([round[0].pending], CommitOutcome<BidPathFixture.Failure>.committed(CommittedBids(sequences: [1]))),
            ([round[1].pending], .unavailable(BidPathFixture.Failure())),
        ], now: fixture.now)
        let pushIndex = actions.firstIndex { if case .push = $0 { return true } else { return false } }
        let correctionIndex = actions.firstIndex { if case .correctPrice = $0 { return true } else { return false } }
        #expect(pushIndex != nil && correctionIndex != nil && pushIndex! < correctionIndex!)
        #expect(fixture.path.book.lot(for: 1)?.price == 1_500)
        #expect(fixture.path.book.lot(for: 2)?.price == 1_000)
    }

    /// Another node's read of lot 1: `count` bids, the last at `price` by `bidder`.
    static func remote(price: Money, count: Int64, by bidder: UserID, at time: Timestamp, product: ProductID = 1) -> RemoteBids {
        let bid = AcceptedBid(productID: product, price: price, previousPrice: 1_000, bidder: bidder, acceptedAt: time)
        return RemoteBids(lot: LotRefresh(productID: product, price: price, leader: bidder, bidCount: Int(count),
                                          endsAt: BidPathFixture.start.adding(milliseconds: 3_600_000)),
                          bidCount: count, bids: [SequencedBid(sequence: count, bid: bid)])
    }
}
