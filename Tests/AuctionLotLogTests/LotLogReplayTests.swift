import AuctionCore
import AuctionEngine
import AuctionLotLog
import Testing

@Suite struct LotLogReplayTests {
    private let alice = LotLogSamples.alice, bob = LotLogSamples.bob
    private static let start = Timestamp(millisecondsSinceEpoch: 1_764_800_000_000)
    private static let end = start.adding(milliseconds: 3_600_000)

    /// Entries from events, one second apart (or at the time given).
    private func replay(_ events: [(LotLogEvent, Timestamp?)]) throws(VerificationFailure) -> LotLogReplay {
        var replay = LotLogReplay()
        var time = Self.start
        for (index, (event, at)) in events.enumerated() {
            time = at ?? time.adding(milliseconds: 1_000)
            try replay.apply(LotLogEntry(lot: ProductID(5), seq: UInt64(index + 1), time: time, event: event))
        }
        try replay.finish()
        return replay
    }

    private func breach(_ events: [(LotLogEvent, Timestamp?)]) -> VerificationFailure? {
        do { _ = try replay(events); return nil } catch { return error }
    }

    private func listed(_ terms: LotLogTerms = LotLogTerms(startPrice: 1_000, endsAt: end)) -> (LotLogEvent, Timestamp?) {
        (.listed(terms, price: terms.startPrice, bidCount: 0), nil)
    }

    private func bid(_ seq: Int64, _ price: Money, after previous: Money, by bidder: LotAlias, automatic: Bool = false,
                     at time: Timestamp? = nil) -> (LotLogEvent, Timestamp?) {
        (.bid(LotLogBid(bidSeq: seq, price: price, previousPrice: previous, bidder: bidder, isAutomatic: automatic)), time)
    }

    private func closed(_ price: Money, winner: LotAlias?, met: Bool = true, bought: Bool = false, reserve: RevealedReserve? = nil,
                        at time: Timestamp? = end) -> (LotLogEvent, Timestamp?) {
        (.closed(LotLogClose(finalPrice: price, winner: winner, reserveMet: met, bought: bought, reserve: reserve)), time)
    }

    @Test func plainBidsAtTheLeastBidAndAProxyAnswerCappedAtItsMaximumReplay() throws {
        // The increment table: 10 below 1,000, 50 from 1,000. A proxy answer capped at its maximum
        // may be less than a full increment above the challenger, but never below the least bid.
        let lot = try replay([
            listed(LotLogTerms(startPrice: 900, endsAt: Self.end)),
            bid(1, 900, after: 900, by: alice),
            bid(2, 910, after: 900, by: bob),
            bid(3, 960, after: 910, by: bob, automatic: true),
            bid(4, 1_010, after: 960, by: alice),
            closed(1_010, winner: alice),
        ])
        #expect(lot.status == .closed(sold: true, bought: false))
        #expect(lot.price == 1_010)
        #expect(lot.bidCount == 4)
    }

    @Test func replayedPricesMatchWhatTheEngineDecides() throws {
        // Given a book deciding a proxy battle
        let id = ProductID(1)
        var book = AuctionBook(products: [Product(id: id, name: "", startPrice: 1_000, currentPrice: 1_000, lastChange: .zero,
                                                  direction: .unchanged, auctionDate: "")], softClose: .disabled)
        var events: [(LotLogEvent, Timestamp?)] = [listed(LotLogTerms(startPrice: 1_000, endsAt: nil))]
        let users = [UserID(rawValue: 1): alice, UserID(rawValue: 2): bob]
        let placements: [(UserID, Money, Money?)] = [(UserID(rawValue: 1), 1_000, 5_000), (UserID(rawValue: 2), 1_100, nil),
                                                     (UserID(rawValue: 2), 3_000, 4_990), (UserID(rawValue: 2), 5_000, nil),
                                                     (UserID(rawValue: 1), 5_100, 9_000), (UserID(rawValue: 2), 8_990, nil)]
        var previous = Money(1_000)
        var count: Int64 = 0
        for (user, price, maximum) in placements {
            let decision = book.decide(Bid(productID: id, price: price, maximum: maximum), bidder: user, now: Self.start)
            for step in decision.steps {
                count += 1
                events.append(bid(count, step.price, after: previous, by: users[step.bidder!]!, automatic: step.isAutomatic))
                previous = step.price
            }
        }
        // When the steps it took are replayed, every one is legal
        let lot = try replay(events)
        #expect(lot.price == book.lot(for: id)!.price)
        #expect(count >= 4)
    }

    @Test func aProxysAnswerNamesTheChallengeAndIsAtLeastIt() throws {
        func answer(_ price: Money, after previous: Money, challenge: Money, by challenger: LotAlias) -> (LotLogEvent, Timestamp?) {
            (.bid(LotLogBid(bidSeq: 2, price: price, previousPrice: previous, bidder: alice, isAutomatic: true,
                            answering: LotLogChallenge(bidder: challenger, price: challenge))), nil)
        }
        // Bob's 1,200 is answered at 1,250 (a full increment), at 1,200 by a maximum of exactly 1,200, or
        // higher when bob's own (secret) maximum was what it answered.
        _ = try replay([listed(), bid(1, 1_000, after: 1_000, by: alice), answer(1_250, after: 1_000, challenge: 1_200, by: bob)])
        _ = try replay([listed(), bid(1, 1_000, after: 1_000, by: alice), answer(1_200, after: 1_000, challenge: 1_200, by: bob)])
        _ = try replay([listed(), bid(1, 1_000, after: 1_000, by: alice), answer(2_000, after: 1_000, challenge: 1_200, by: bob)])
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), answer(1_150, after: 1_000, challenge: 1_200, by: bob)])
            == VerificationFailure(seq: 3, .rule(.answerBelowChallenge)))
        // A challenge below the least bid, or the leader's own, was never answered by a proxy.
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), answer(1_050, after: 1_000, challenge: 1_040, by: bob)])
            == VerificationFailure(seq: 3, .rule(.challenge)))
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), answer(1_250, after: 1_000, challenge: 1_200, by: alice)])
            == VerificationFailure(seq: 3, .rule(.challenge)))
    }

    @Test func aLotFirstLoggedAfterItsBidsStartsWithAnUnknownLeader() throws {
        let lot = try replay([(.listed(LotLogTerms(startPrice: 1_000, endsAt: Self.end), price: 1_200, bidCount: 0), nil),
                              bid(1, 1_250, after: 1_200, by: bob)])
        #expect(lot.leader == .alias(bob))
        #expect(breach([(.listed(LotLogTerms(startPrice: 1_000, endsAt: Self.end), price: 1_200, bidCount: 3), nil),
                        bid(4, 1_200, after: 1_200, by: bob)]) == VerificationFailure(seq: 2, .rule(.belowMinimum(minimum: 1_250))))
    }

    @Test func aBidBelowTheLeastBidIsNamed() {
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), bid(2, 1_049, after: 1_000, by: bob)])
            == VerificationFailure(seq: 3, .rule(.belowMinimum(minimum: 1_050))))
        #expect(breach([listed(), bid(1, 999, after: 1_000, by: alice)]) == VerificationFailure(seq: 2, .rule(.belowMinimum(minimum: 1_000))))
    }

    @Test func bidNumbersAndPreviousPricesMustFollow() {
        #expect(breach([listed(), bid(2, 1_000, after: 1_000, by: alice)]) == VerificationFailure(seq: 2, .rule(.bidSeq(expected: 1))))
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), bid(2, 1_100, after: 1_050, by: bob)])
            == VerificationFailure(seq: 3, .rule(.previousPrice(expected: 1_000))))
    }

    @Test func automaticBidsAreTheLeadersOnly() {
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice, automatic: true)])
            == VerificationFailure(seq: 2, .rule(.automaticWithoutLeader)))
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), bid(2, 1_050, after: 1_000, by: bob, automatic: true)])
            == VerificationFailure(seq: 3, .rule(.automaticNotLeader)))
    }

    @Test func theLogStartsWithItsListingAndEndsAtItsClose() {
        #expect(breach([bid(1, 1_000, after: 1_000, by: alice)]) == VerificationFailure(seq: 1, .rule(.notListedFirst)))
        #expect(breach([listed(), listed()]) == VerificationFailure(seq: 2, .rule(.listedAgain)))
        #expect(breach([listed(), closed(1_000, winner: nil), bid(1, 1_000, after: 1_000, by: alice)])
            == VerificationFailure(seq: 3, .rule(.afterTheEnd)))
        #expect(breach([listed(), (.removed(reason: "fake"), nil), (.edited(LotLogTerms(startPrice: 1, endsAt: nil)), nil)])
            == VerificationFailure(seq: 3, .rule(.afterTheEnd)))
    }

    @Test func aBidAtOrAfterTheEndIsNamed() {
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice, at: Self.end)])
            == VerificationFailure(seq: 2, .rule(.bidAfterEnd(endsAt: Self.end))))
    }

    @Test func softCloseExtensionsFollowTheirBidAndTheRules() throws {
        let terms = LotLogTerms(startPrice: 1_000, endsAt: Self.end, extendWindowMilliseconds: 60_000, extendByMilliseconds: 120_000,
                                maximumExtensions: 1)
        let late = Self.end.adding(milliseconds: -30_000)
        let moved = late.adding(milliseconds: 120_000)
        // A bid in the window extends once; the limit stops the second.
        let lot = try replay([
            listed(terms), bid(1, 1_000, after: 1_000, by: alice, at: late), (.extended(endsAt: moved, extensions: 1), nil),
            bid(2, 1_050, after: 1_000, by: bob, at: moved.adding(milliseconds: -1_000)),
            closed(1_050, winner: bob, at: moved),
        ])
        #expect(lot.extensions == 1)
        #expect(lot.endsAt == moved)
        // A missing extension, a wrong one, or one without a bid is named.
        #expect(breach([listed(terms), bid(1, 1_000, after: 1_000, by: alice, at: late), closed(1_000, winner: alice)])
            == VerificationFailure(seq: 2, .rule(.missingExtension)))
        #expect(breach([listed(terms), bid(1, 1_000, after: 1_000, by: alice, at: late)]) == VerificationFailure(seq: 2, .rule(.missingExtension)))
        #expect(breach([listed(terms), bid(1, 1_000, after: 1_000, by: alice, at: late),
                        (.extended(endsAt: moved.adding(milliseconds: 1), extensions: 1), nil)])
            == VerificationFailure(seq: 3, .rule(.wrongExtension(expectedEnd: moved, expectedCount: 1))))
        #expect(breach([listed(terms), (.extended(endsAt: moved, extensions: 1), nil)]) == VerificationFailure(seq: 2, .rule(.extensionWithoutBid)))
        #expect(breach([listed(terms), bid(1, 1_000, after: 1_000, by: alice), (.extended(endsAt: moved, extensions: 1), nil)])
            == VerificationFailure(seq: 3, .rule(.wrongExtension(expectedEnd: nil, expectedCount: 1))))
    }

    @Test func aBuyNowBeforeAnyBidEndsTheLot() throws {
        let terms = LotLogTerms(startPrice: 1_000, endsAt: Self.end, buyNow: 1_020)
        let buyTime = Self.start.adding(milliseconds: 5_000)
        // Below the least bid of 1,050 after a bid, but a buy before any bid needs none.
        let lot = try replay([listed(terms), bid(1, 1_020, after: 1_000, by: bob, at: buyTime), closed(1_020, winner: bob, bought: true, at: buyTime)])
        #expect(lot.status == .closed(sold: true, bought: true))
        // Not a buy: closed as bought without one, or a buy after a bid on a lot without a reserve.
        #expect(breach([listed(terms), bid(1, 1_000, after: 1_000, by: alice), closed(1_000, winner: alice, bought: true)])
            == VerificationFailure(seq: 3, .rule(.notBought)))
        #expect(breach([listed(terms), bid(1, 1_000, after: 1_000, by: alice), bid(2, 1_020, after: 1_000, by: bob)])
            == VerificationFailure(seq: 3, .rule(.belowMinimum(minimum: 1_050))))
        // The last entry may be the buy itself (its close is a later commit).
        #expect(try replay([listed(terms), bid(1, 1_020, after: 1_000, by: bob)]).status == .open)
    }

    @Test func theCloseStatesThePriceWinnerAndReserveTheBidsMake() {
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), closed(1_050, winner: alice)])
            == VerificationFailure(seq: 3, .rule(.finalPrice(expected: 1_000))))
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), closed(1_000, winner: bob)]) == VerificationFailure(seq: 3, .rule(.winner)))
        #expect(breach([listed(), closed(1_000, winner: bob)]) == VerificationFailure(seq: 2, .rule(.winner)))
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), closed(1_000, winner: nil)]) == VerificationFailure(seq: 3, .rule(.winner)))
        #expect(breach([listed(), closed(1_000, winner: nil, at: Self.end.adding(milliseconds: -1))])
            == VerificationFailure(seq: 2, .rule(.closedBeforeEnd(endsAt: Self.end))))
        #expect(breach([listed(), closed(1_000, winner: nil, met: false)]) == VerificationFailure(seq: 2, .rule(.reserveMet)))
    }

    @Test func aHiddenReserveIsCheckedWhenTheCloseRevealsIt() throws {
        let reserve = RevealedReserve(price: 1_500, nonce: LotLogSamples.nonce)
        let terms = LotLogTerms(startPrice: 1_000, endsAt: Self.end, reserveCommitment: reserve.commitment)
        // Not met: unsold, no winner.
        let unsold = try replay([listed(terms), bid(1, 1_000, after: 1_000, by: alice), closed(1_000, winner: nil, met: false, reserve: reserve)])
        #expect(unsold.status == .closed(sold: false, bought: false))
        // The leader's raised maximum reaching the reserve jumps there, below a full increment above the price.
        let met = try replay([listed(terms), bid(1, 1_480, after: 1_000, by: alice), bid(2, 1_500, after: 1_480, by: alice),
                              closed(1_500, winner: alice, reserve: reserve)])
        #expect(met.status == .closed(sold: true, bought: false))
        #expect(breach([listed(terms), bid(1, 1_480, after: 1_000, by: alice), bid(2, 1_490, after: 1_480, by: alice),
                        closed(1_490, winner: nil, met: false, reserve: reserve)])
            == VerificationFailure(seq: 3, .rule(.reserveStep(reserve: 1_500))))
        // A wrong or missing reveal, or a reveal without a commitment.
        #expect(breach([listed(terms), closed(1_000, winner: nil, met: false, reserve: RevealedReserve(price: 1_400, nonce: LotLogSamples.nonce))])
            == VerificationFailure(seq: 2, .rule(.reserveCommitment)))
        #expect(breach([listed(terms), closed(1_000, winner: nil, met: false)]) == VerificationFailure(seq: 2, .rule(.reserveNotRevealed)))
        #expect(breach([listed(), closed(1_000, winner: nil, reserve: reserve)]) == VerificationFailure(seq: 2, .rule(.reserveNotRevealed)))
        #expect(breach([listed(terms), bid(1, 1_000, after: 1_000, by: alice), closed(1_000, winner: nil, met: true, reserve: reserve)])
            == VerificationFailure(seq: 3, .rule(.reserveMet)))
    }

    @Test func editsBeforeBidsReplaceTheTermsAndAfterBidsKeepTheLockedOnes() throws {
        let lot = try replay([listed(), (.edited(LotLogTerms(startPrice: 2_000, endsAt: Self.end)), nil), bid(1, 2_000, after: 2_000, by: alice)])
        #expect(lot.price == 2_000)
        _ = try replay([listed(), bid(1, 1_000, after: 1_000, by: alice),
                        (.edited(LotLogTerms(startPrice: 1_000, endsAt: Self.end, minimumIncrement: 5)), nil),
                        bid(2, 1_005, after: 1_000, by: bob)])
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), (.edited(LotLogTerms(startPrice: 900, endsAt: Self.end)), nil)])
            == VerificationFailure(seq: 3, .rule(.editAfterBids)))
    }

    @Test func retractionsNameABidAndSetThePrice() throws {
        let lot = try replay([listed(), bid(1, 1_000, after: 1_000, by: alice), bid(2, 1_050, after: 1_000, by: bob),
                              (.retracted(entry: 3, reason: "shill", price: 1_000, bidCount: 3), nil),
                              bid(4, 1_050, after: 1_000, by: alice), closed(1_050, winner: alice)])
        #expect(lot.status == .closed(sold: true, bought: false))
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), (.retracted(entry: 1, reason: "x", price: 1_000, bidCount: 1), nil)])
            == VerificationFailure(seq: 3, .rule(.retractedNotABid(entry: 1))))
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), (.retracted(entry: 2, reason: "x", price: 1_000, bidCount: 1), nil),
                        (.retracted(entry: 2, reason: "x", price: 1_000, bidCount: 1), nil)])
            == VerificationFailure(seq: 4, .rule(.retractedTwice(entry: 2))))
        #expect(breach([listed(), bid(1, 1_000, after: 1_000, by: alice), (.retracted(entry: 2, reason: "x", price: 900, bidCount: 1), nil)])
            == VerificationFailure(seq: 3, .rule(.retractionState)))
    }
}
