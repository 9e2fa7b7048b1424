import AuctionCore
import AuctionEngine

/// A bid that was a buy-now if the next entry closes the lot as bought: at the buy-now price, while
/// buying was open. `belowMinimum` when it is legal only as a buy (or as a reserve step).
struct BuyCandidate: Hashable, Sendable {
    /// The bid's entry.
    var seq: UInt64
    /// Its price.
    var price: Money
    /// The price before it.
    var priceBefore: Money
    /// Whether bids stood before it (then buying needs the reserve not met).
    var hadBids: Bool
    /// The least bid it fell short of, when it did.
    var belowMinimum: Money?
    /// Whether, as a plain bid, it is the leader's step to the reserve (checked at the close).
    var reserveStep: Bool
}

/// A condition on the reserve that only its reveal at the close can settle.
enum ReserveCheck: Hashable, Sendable {
    /// A step below the least bid, legal only as the leader's maximum reaching the reserve.
    case equals(Money, seq: UInt64)
    /// A buy-now after bids, legal only while the price was below the reserve.
    case above(Money, seq: UInt64)
}

extension LotLogReplay {
    /// Settles what the last entry left open, now that `entry` follows it.
    mutating func settlePending(before entry: LotLogEntry) throws(VerificationFailure) {
        let isBoughtClose: Bool
        if case .closed(let close) = entry.event { isBoughtClose = close.bought } else { isBoughtClose = false }
        if let candidate = buyCandidate, !isBoughtClose {
            buyCandidate = nil
            try settleAsBid(candidate)
        }
        if let seq = dueExtension {
            let isExtension: Bool
            if case .extended = entry.event { isExtension = true } else { isExtension = false }
            guard isExtension || (isBoughtClose && buyCandidate?.seq == seq) else {
                throw VerificationFailure(seq: seq, .rule(.missingExtension))
            }
        }
    }

    /// A possible buy turned out a plain bid: it must have reached the least bid, or be a reserve step.
    mutating func settleAsBid(_ candidate: BuyCandidate) throws(VerificationFailure) {
        guard let minimum = candidate.belowMinimum else { return }
        guard candidate.reserveStep else { throw VerificationFailure(seq: candidate.seq, .rule(.belowMinimum(minimum: minimum))) }
        reserveChecks.append(.equals(candidate.price, seq: candidate.seq))
    }

    /// Applies a bid entry.
    mutating func take(_ bid: LotLogBid, in entry: LotLogEntry) throws(VerificationFailure) {
        if let end = endsAt, entry.time >= end { throw fail(entry, .bidAfterEnd(endsAt: end)) }
        let expectedSeq = bidCount < .max ? bidCount + 1 : .max
        guard bid.bidSeq == expectedSeq else { throw fail(entry, .bidSeq(expected: expectedSeq)) }
        guard bid.previousPrice == price else { throw fail(entry, .previousPrice(expected: price)) }
        if bid.isAutomatic {
            switch leader {
            case .none: throw fail(entry, .automaticWithoutLeader)
            case .alias(let alias) where alias != bid.bidder: throw fail(entry, .automaticNotLeader)
            default: break
            }
        }
        let minimum = self.minimum
        if let challenge = bid.answering { try checkAnswer(bid, to: challenge, minimum: minimum, in: entry) }
        let buyable = canBuy(at: bid, in: entry)
        if bid.price < minimum {
            // Below the least bid only a buy-now or the leader's maximum reaching the hidden reserve
            // (`AuctionBook.reserveJump` on a raised maximum) is legal; which one, later entries tell.
            let reserveStep = !bid.isAutomatic && bid.price > price && terms?.reserveCommitment != nil && isLeader(bid.bidder)
            guard buyable || reserveStep else { throw fail(entry, .belowMinimum(minimum: minimum)) }
            if !buyable { reserveChecks.append(.equals(bid.price, seq: entry.seq)) }
            if buyable {
                buyCandidate = BuyCandidate(seq: entry.seq, price: bid.price, priceBefore: price, hadBids: hasBids, belowMinimum: minimum,
                                            reserveStep: reserveStep)
            }
        } else if buyable {
            buyCandidate = BuyCandidate(seq: entry.seq, price: bid.price, priceBefore: price, hadBids: hasBids, belowMinimum: nil, reserveStep: false)
        }
        bidEntries.insert(entry.seq)
        price = bid.price
        bidCount = bid.bidSeq
        hasBids = true
        leader = .alias(bid.bidder)
        dueExtension = softClose.flatMap { rules in
            endsAt.flatMap { rules.extendedEnd(end: $0, extensions: Int(clamping: extensions), now: entry.time) }
        } != nil ? entry.seq : nil
    }

    /// A proxy's answer to a challenge (`AuctionBook.answerByProxy`): the challenge reached the least
    /// bid and came from someone else, and the answer is at least the challenge's price. How far above
    /// it the answer may go the log cannot say: a challenger's own maximum (secret) is what was answered.
    private func checkAnswer(_ bid: LotLogBid, to challenge: LotLogChallenge, minimum: Money,
                             in entry: LotLogEntry) throws(VerificationFailure) {
        guard bid.isAutomatic, challenge.bidder != bid.bidder || challenge.bidder == .nobody, challenge.price >= minimum else {
            throw fail(entry, .challenge)
        }
        guard bid.price >= challenge.price else { throw fail(entry, .answerBelowChallenge) }
    }

    /// Applies an `extended` entry: it follows the bid that caused it, with the end soft close gives.
    mutating func extend(to end: Timestamp, count: Int64, in entry: LotLogEntry) throws(VerificationFailure) {
        guard let previous, case .bid = previous.event else { throw fail(entry, .extensionWithoutBid) }
        let expectedCount = extensions < .max ? extensions + 1 : .max
        let expected = softClose.flatMap { rules in
            endsAt.flatMap { rules.extendedEnd(end: $0, extensions: Int(clamping: extensions), now: previous.time) }
        }
        guard let expected, expected == end, count == expectedCount else {
            throw fail(entry, .wrongExtension(expectedEnd: expected, expectedCount: expectedCount))
        }
        endsAt = end
        extensions = count
        dueExtension = nil
    }

    /// The lot's soft-close rules, from its terms.
    var softClose: SoftClose? {
        terms.map { SoftClose(window: $0.extendWindowMilliseconds, extendBy: $0.extendByMilliseconds,
                              maxExtensions: $0.maximumExtensions.map { Int(clamping: $0) }) }
    }

    /// Whether `bid` may be a buy-now (`AuctionLot.buyNowPrice`): at the buy-now price, above the
    /// price, before any bid (with a reserve: while it is not met, which the close's reveal settles).
    private func canBuy(at bid: LotLogBid, in entry: LotLogEntry) -> Bool {
        guard let buyNow = terms?.buyNow, !bid.isAutomatic, bid.price == buyNow, buyNow > price else { return false }
        return !hasBids || terms?.reserveCommitment != nil
    }

    /// Whether `alias` leads now (an unknown leader may be anyone).
    private func isLeader(_ alias: LotAlias) -> Bool {
        switch leader {
        case .none: false
        case .alias(let current): current == alias
        case .unknown: true
        }
    }
}
