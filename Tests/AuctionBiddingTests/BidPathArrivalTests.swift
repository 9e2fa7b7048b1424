import AuctionBidding
import AuctionCore
import AuctionEngine
import Testing

/// A request arrives: refused at once, answered from its key, or decided and queued for the round.
@Suite struct BidPathArrivalTests {
    @Test func anAcceptedBidIsQueuedForTheRoundAndAnsweredOnlyOnceStored() {
        var fixture = BidPathFixture()
        let arrived = fixture.bid(1_500)
        #expect(arrived.schedulesRound)
        #expect(arrived.replies.isEmpty)  // no promise before the store has it
        #expect(fixture.path.commitsInFlight == 1)
        #expect(fixture.path.book.lot(for: 1)?.price == 1_500)

        let committed = fixture.commitAll()
        #expect(committed.replies.map(\.answer) == [KeyedAnswer(result: true, reason: nil, price: 1_500)])
        #expect(committed.replies.first?.target == BidPathFixture.target(1))
        #expect(committed.pushed.map(\.update.price) == [1_500])
        #expect(committed.pushed.map(\.update.sequence) == [1])
        #expect(fixture.path.commitsInFlight == 0)
        #expect(fixture.path.counts.accepted == 1)
        #expect(fixture.sequences.known(of: 1) == 1)
    }

    @Test func aSecondBidInTheSameRoundDoesNotScheduleItAgain() {
        var fixture = BidPathFixture()
        #expect(fixture.bid(1_500, connection: 1).schedulesRound)
        #expect(!fixture.bid(2_000, by: BidPathFixture.bob, connection: 2).schedulesRound)
        #expect(fixture.path.takeRound().count == 2)
    }

    @Test func aBidBelowTheMinimumIsRefusedAtOnceWithNoRound() {
        var fixture = BidPathFixture()
        let actions = fixture.bid(900)
        #expect(!actions.schedulesRound)
        #expect(actions.replies.map(\.answer.result) == [false])
        #expect(actions.replies.first?.answer.price == 1_000)
        #expect(fixture.path.counts.refused == 1)
        #expect(fixture.path.commitsInFlight == 0)
    }

    @Test func anAnonymousBidIsRefusedUnlessAllowed() {
        var closed = BidPathFixture(allowsAnonymousBids: false)
        #expect(closed.bid(1_500, by: nil).replies.map(\.answer.reason) == [.unauthenticated])
        var open = BidPathFixture(allowsAnonymousBids: true)
        #expect(open.bid(1_500, by: nil).schedulesRound)
    }

    @Test func aSuspendedConnectionWithoutAUserIsRefusedAsSuspended() {
        var fixture = BidPathFixture(allowsAnonymousBids: true)
        let bid = Bid(productID: 1, price: 1_500)
        let actions = fixture.path.arrived(BidArrival(.bid(bid, claimed: nil), target: BidPathFixture.target(1), user: nil,
                                                      wasLoggedIn: true, isSuspended: true), now: fixture.now)
        #expect(actions.replies.map(\.answer.reason) == [.suspended])
        #expect(fixture.path.book.lot(for: 1)?.price == 1_000)
    }

    @Test func aBidNamingAnotherUserIsRefusedAndNoted() {
        var fixture = BidPathFixture()
        let bid = Bid(productID: 1, price: 1_500)
        let actions = fixture.path.arrived(BidArrival(.bid(bid, claimed: BidPathFixture.bob), target: BidPathFixture.target(1),
                                                      user: BidPathFixture.alice, wasLoggedIn: true), now: fixture.now)
        #expect(actions.replies.map(\.answer.reason) == [.userMismatch])
        #expect(actions.notes == [.userMismatch(ConnectionID(1), claimed: BidPathFixture.bob)])
    }

    @Test func aConnectionPastItsRateIsRefusedUntilTimePasses() {
        var fixture = BidPathFixture(bidsPerSecond: 2)
        _ = fixture.bid(1_100)
        _ = fixture.bid(1_200)
        let third = fixture.bid(1_300)
        #expect(third.replies.map(\.answer.reason) == [.rateLimited])
        #expect(third.notes == [.rateLimited(ConnectionID(1))])
        #expect(fixture.bid(1_300, connection: 2).replies.isEmpty)  // the rate is per connection: decided
        fixture.now = fixture.now.adding(milliseconds: 1_000)
        #expect(fixture.bid(1_400).replies.isEmpty)
        #expect(fixture.path.commitsInFlight == 4)
    }

    @Test func aKeyedRetryWaitsForItsOriginalAndGetsTheSameAnswer() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500, key: "k1", connection: 1)
        let retry = fixture.bid(1_500, key: "k1", connection: 2)
        #expect(retry.replies.isEmpty)
        #expect(retry.notes == [.keyWaits(BidPathFixture.alice)])
        let committed = fixture.commitAll()
        let accepted = KeyedAnswer(result: true, reason: nil, price: 1_500)
        #expect(committed.replies.map(\.target) == [BidPathFixture.target(1), BidPathFixture.target(2)])
        #expect(committed.replies.map(\.answer) == [accepted, accepted])
        // Later retries are answered from the key, and the book is not asked again.
        let later = fixture.bid(1_500, key: "k1", connection: 3)
        #expect(later.replies.map(\.answer) == [accepted])
        #expect(!later.schedulesRound)
        #expect(fixture.path.counts.keyedRetries == 1)
        #expect(fixture.path.counts.accepted == 1)
    }

    @Test func aKeyReusedOnAnotherLotIsRefused() {
        var fixture = BidPathFixture()
        _ = fixture.bid(1_500, on: 1, key: "k1")
        _ = fixture.commitAll()
        let reused = fixture.bid(1_500, on: 2, key: "k1", connection: 2)
        #expect(reused.replies.map(\.answer.reason) == [.idempotencyKeyReused])
        #expect(reused.notes == [.keyReused(BidPathFixture.alice)])
        #expect(fixture.path.book.lot(for: 2)?.price == 1_000)
    }

    @Test func keysPastTheUsersBoundAreRefusedAsRateLimited() {
        var fixture = BidPathFixture()
        for index in 0..<4 {
            _ = fixture.bid(Money(Int64(1_100 + 100 * index)), key: "k\(index)", connection: index + 1)
            _ = fixture.commitAll()
        }
        let fifth = fixture.bid(2_000, key: "k4", connection: 9)
        #expect(fifth.replies.map(\.answer.reason) == [.rateLimited])
        #expect(fifth.notes == [.keysFull(BidPathFixture.alice)])
    }

    @Test func restoredKeysAnswerARetryAfterARestart() {
        var fixture = BidPathFixture()
        let stored = AcceptedBid(productID: 1, price: 1_500, previousPrice: 1_000, bidder: BidPathFixture.alice,
                                 acceptedAt: fixture.now, idempotencyKey: "k1")
        fixture.path.restoreKeys([stored])
        let retry = fixture.bid(1_500, key: "k1")
        #expect(retry.replies.map(\.answer) == [KeyedAnswer(result: true, reason: nil, price: 1_500)])
        #expect(!retry.schedulesRound)
    }

    @Test func aSimulatedBidIsDecidedWithoutAReply() {
        var fixture = BidPathFixture()
        let actions = fixture.path.simulated(Bid(productID: 1, price: 1_500), bidder: nil, now: fixture.now)
        #expect(actions.schedulesRound)
        #expect(fixture.commitAll().replies.isEmpty)
        #expect(fixture.path.counts.accepted == 1)
    }
}
