import AuctionCore
import AuctionEngine
import Testing

/// How the bid path recovers from a conflict, decided without a store: which stored state the book
/// takes and whether the request is decided again.
@Suite struct ConflictRecoveryTests {
    static func read(count: Int, closed: Bool = false, version: Int64? = nil) -> LotRefresh {
        var lot = LotRefresh(productID: ProductID(1), price: Money(1_000 + Int64(count) * 100), bidCount: count, isClosed: closed)
        lot.terms = LotRefresh.Terms(minimumIncrement: Money(100), version: version)
        return lot
    }

    @Test func aReadAsNewAsTheNodeReplacesABookWithNothingInFlight() {
        let lot = Self.read(count: 4)
        let plan = ConflictRecovery.plan(read: lot, readBidCount: 4, known: 4, bookVersion: nil, hasUncommittedBids: false, attempts: 0)
        #expect(plan == ConflictRecovery(update: .refresh(lot), termsChanged: false, decidesAgain: true))
    }

    @Test func aReadOlderThanWhatTheNodeKnowsLeavesTheBook() {
        let plan = ConflictRecovery.plan(read: Self.read(count: 3), readBidCount: 3, known: 5, bookVersion: nil,
                                         hasUncommittedBids: false, attempts: 1)
        #expect(plan.update == .none)
        #expect(plan.decidesAgain)
    }

    @Test func decisionsInFlightKeepTheBookUnlessTheLotClosed() {
        let open = ConflictRecovery.plan(read: Self.read(count: 4), readBidCount: 4, known: 4, bookVersion: nil,
                                         hasUncommittedBids: true, attempts: 0)
        #expect(open.update == .none)
        let closed = Self.read(count: 4, closed: true)
        let ended = ConflictRecovery.plan(read: closed, readBidCount: 4, known: 4, bookVersion: nil, hasUncommittedBids: true, attempts: 0)
        #expect(ended.update == .refresh(closed))
    }

    @Test func aSellersEditIsTakenEvenWhenTheBookKnowsNewerBids() {
        let edited = Self.read(count: 3, version: 7)
        let plan = ConflictRecovery.plan(read: edited, readBidCount: 3, known: 5, bookVersion: 6, hasUncommittedBids: true, attempts: 0)
        #expect(plan.termsChanged)
        #expect(plan.update == .terms(LotRefresh.Terms(minimumIncrement: Money(100), version: 7)))
        let same = ConflictRecovery.plan(read: edited, readBidCount: 3, known: 5, bookVersion: 7, hasUncommittedBids: true, attempts: 0)
        #expect(!same.termsChanged)
        #expect(same.update == .none)
    }

    @Test func aRequestIsDecidedAgainAtMostThreeTimes() {
        let lot = Self.read(count: 1)
        let tries = (0...4).map {
            ConflictRecovery.plan(read: lot, readBidCount: 1, known: 1, bookVersion: nil, hasUncommittedBids: false, attempts: $0).decidesAgain
        }
        #expect(tries == [true, true, true, false, false])
    }
}
