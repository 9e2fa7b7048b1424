import AuctionCore

/// Ending auctions: each lot whose end time has passed is reported exactly once.
extension AuctionBook {
    /// The auctions whose end time is at or before `now` and that were not reported yet, by end time.
    ///
    /// A lot closes only once its accepted bids are committed (confirmed or reverted), so the winner
    /// and final price it reports are durable; bids are refused from the end time on, so the wait is
    /// one commit at most. Call it from a timer (e.g. every 250 ms) and after each commit: it costs
    /// O(log n) per lot that ends (end times sit in a heap; soft close pushes moved ones again).
    public mutating func closeDue(now: Timestamp) -> [AuctionClosing] {
        var closings: [AuctionClosing] = []
        if !deferredClosings.isEmpty {
            let waiting = deferredClosings
            deferredClosings.removeAll(keepingCapacity: true)
            for index in waiting { close(index, now: now, into: &closings) }
        }
        while let entry = endQueue.first, entry.end <= now {
            endQueue.popFirst()
            guard !lots[entry.index].isClosed, lots[entry.index].endsAt == entry.end else { continue }
            close(entry.index, now: now, into: &closings)
        }
        pruneEndQueue()
        return closings
    }

    /// When the next not-yet-reported auction ends, for the shell's timer; nil when none will.
    public var nextEndTime: Timestamp? {
        endQueue.first?.end
    }

    /// Bidders to warn that a lot they bid on ends within `within` milliseconds of `now` while they
    /// are not leading; each (product, user) is reported once. O(lots) per call: call it from a timer.
    public mutating func endingSoon(now: Timestamp, within: Int64) -> [EndingSoon] {
        var warnings: [EndingSoon] = []
        for index in lots.indices { warnEndingSoon(index, now: now, within: within, into: &warnings) }
        return warnings
    }

    /// `endingSoon(now:within:)` for one product only (after a bid on it): O(its bidders).
    public mutating func endingSoon(of productID: ProductID, now: Timestamp, within: Int64) -> [EndingSoon] {
        var warnings: [EndingSoon] = []
        if let index = indexByID[productID] { warnEndingSoon(index, now: now, within: within, into: &warnings) }
        return warnings
    }

    private mutating func warnEndingSoon(_ index: Int, now: Timestamp, within: Int64, into warnings: inout [EndingSoon]) {
        let lot = lots[index]
        guard !lot.isClosed, !lot.isBought, !lot.bidders.isEmpty, let end = lot.endsAt, end > now,
              end <= now.adding(milliseconds: max(0, within)) else { return }
        for user in lot.bidders.sorted(by: { $0.rawValue < $1.rawValue }) where user != lot.leader {
            guard warnedEndingSoon.insert(EndingSoonKey(productID: lot.productID, user: user)).inserted else { continue }
            warnings.append(EndingSoon(productID: lot.productID, position: listPosition(ofIndex: index), user: user, endsAt: end, price: lot.price))
        }
    }

    /// Records that `user` was already warned about `productID` (e.g. restored from stored
    /// notifications at start), so `endingSoon` does not warn them again.
    public mutating func markEndingSoonSent(productID: ProductID, user: UserID) {
        warnedEndingSoon.insert(EndingSoonKey(productID: productID, user: user))
    }

    /// Drops heap entries that no longer name a lot's live end time, so `nextEndTime` is exact.
    mutating func pruneEndQueue() {
        while let entry = endQueue.first, lots[entry.index].isClosed || lots[entry.index].endsAt != entry.end {
            endQueue.popFirst()
        }
    }

    private mutating func close(_ index: Int, now: Timestamp, into closings: inout [AuctionClosing]) {
        guard !lots[index].isClosed, let endsAt = lots[index].endsAt, endsAt <= now else { return }
        if lots[index].hasUncommittedBids {
            if !deferredClosings.contains(index) { deferredClosings.append(index) }
            return
        }
        lots[index].isClosed = true
        let lot = lots[index]
        let reserveMet = lot.reserveMet
        closings.append(AuctionClosing(
            productID: lot.productID, position: listPosition(ofIndex: index), finalPrice: lot.price,
            winner: lot.isBought || reserveMet != false ? lot.leader : nil, endedAt: endsAt,
            reserveMet: reserveMet, bought: lot.isBought,
            bidders: lot.bidders.sorted { $0.rawValue < $1.rawValue }, hadBids: lot.hasBids
        ))
    }
}
