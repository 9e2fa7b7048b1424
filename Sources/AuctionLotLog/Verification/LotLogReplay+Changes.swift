import AuctionCore

/// The seller's edits and the moderators' retractions, replayed.
extension LotLogReplay {
    /// Applies an edit: any terms before the first bid; with bids (`AuctionBook.amendment`) the start
    /// price, the end and soft close stay (the increment, buy-now and a lowered reserve may change).
    mutating func edit(_ new: LotLogTerms, in entry: LotLogEntry) throws(VerificationFailure) {
        guard let old = terms else { return }
        if bidCount > 0 {
            let sameEnd = new.endsAt == old.endsAt || new.endsAt == endsAt
            guard new.startPrice == old.startPrice, sameEnd, new.extendWindowMilliseconds == old.extendWindowMilliseconds,
                  new.extendByMilliseconds == old.extendByMilliseconds, new.maximumExtensions == old.maximumExtensions else {
                throw fail(entry, .editAfterBids)
            }
        } else {
            price = new.startPrice
            endsAt = new.endsAt
        }
        // Steps checked against the reserve were taken under the old one, which is never revealed.
        if new.reserveCommitment != old.reserveCommitment { reserveChecks.removeAll() }
        terms = new
    }

    /// Applies a retraction: it names a bid entry of this log not retracted yet; the price and bid
    /// count it states are the lot's from then on (`RetractionReplay` decided them from placements
    /// and maximums the log does not hold, so who leads is unknown until the next bid).
    mutating func retract(_ target: UInt64, price: Money, bidCount: Int64, in entry: LotLogEntry) throws(VerificationFailure) {
        guard bidEntries.contains(target) else { throw fail(entry, .retractedNotABid(entry: target)) }
        guard retractedEntries.insert(target).inserted else { throw fail(entry, .retractedTwice(entry: target)) }
        // A repricing step may count as one more bid; the count never falls and the price never
        // drops below the start price.
        let start = terms?.startPrice ?? .zero
        guard price >= start, bidCount >= self.bidCount, bidCount - self.bidCount <= 1 else { throw fail(entry, .retractionState) }
        self.price = price
        self.bidCount = bidCount
        // Above the start price some bid stands; at it, none may (the lower least bid is taken).
        hasBids = price > start
        leader = .unknown
        dueExtension = nil
    }
}
