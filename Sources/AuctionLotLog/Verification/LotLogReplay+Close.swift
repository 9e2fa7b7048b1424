import AuctionCore

/// The close, replayed: the final price, the winner, the reserve and a buy-now.
extension LotLogReplay {
    /// Applies a `closed` entry and settles every check that waited for the reserve.
    mutating func close(_ close: LotLogClose, in entry: LotLogEntry) throws(VerificationFailure) {
        guard close.finalPrice == price else { throw fail(entry, .finalPrice(expected: price)) }
        let candidate = buyCandidate
        buyCandidate = nil
        dueExtension = nil
        if close.bought {
            guard let candidate, previous?.seq == candidate.seq else { throw fail(entry, .notBought) }
            if candidate.hadBids { reserveChecks.append(.above(candidate.priceBefore, seq: candidate.seq)) }
            endsAt = previous?.time
        }
        if let end = endsAt, entry.time < end { throw fail(entry, .closedBeforeEnd(endsAt: end)) }
        if endsAt == nil, !close.bought { throw fail(entry, .closedBeforeEnd(endsAt: nil)) }
        let reserve = try revealedReserve(close, in: entry)
        let met = reserve.map { price >= $0 }
        guard close.reserveMet == (met ?? true) else { throw fail(entry, .reserveMet) }
        if let reserve { try settleReserveChecks(reserve) }
        let sold = close.bought || (hasBids && met != false)
        guard winnerFits(close.winner, sold: sold) else { throw fail(entry, .winner) }
        status = .closed(sold: sold, bought: close.bought)
    }

    /// The revealed reserve, checked against the listing's commitment (none without one).
    private func revealedReserve(_ close: LotLogClose, in entry: LotLogEntry) throws(VerificationFailure) -> Money? {
        switch (terms?.reserveCommitment, close.reserve) {
        case (nil, nil): return nil
        case (let commitment?, let revealed?):
            guard revealed.commitment == commitment else { throw fail(entry, .reserveCommitment) }
            return revealed.price
        default: throw fail(entry, .reserveNotRevealed)
        }
    }

    /// Steps and buys that were legal only for some reserve, now that it is known.
    private mutating func settleReserveChecks(_ reserve: Money) throws(VerificationFailure) {
        for check in reserveChecks {
            switch check {
            case .equals(let step, let seq) where step != reserve:
                throw VerificationFailure(seq: seq, .rule(.reserveStep(reserve: reserve)))
            case .above(let before, let seq) where before >= reserve:
                throw VerificationFailure(seq: seq, .rule(.buyAfterReserveMet))
            default: continue
            }
        }
        reserveChecks.removeAll()
    }

    /// Whether the close's winner is the leader when sold, and absent when not (a sale to a
    /// simulated or anonymous bidder may name nobody or no one).
    private func winnerFits(_ winner: LotAlias?, sold: Bool) -> Bool {
        guard sold else { return winner == nil }
        switch leader {
        case .none: return false
        case .unknown: return winner != nil
        case .alias(let alias): return winner == alias || (alias == .nobody && winner == nil)
        }
    }
}
