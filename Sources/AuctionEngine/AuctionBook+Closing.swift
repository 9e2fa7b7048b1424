import AuctionCore

/// Ending auctions: each lot whose end time has passed is reported exactly once.
extension AuctionBook {
    /// The auctions whose end time is at or before `now` and that were not reported yet, by end time.
    ///
    /// A lot closes only once its accepted bids are committed (confirmed or reverted), so the winner
    /// and final price it reports are durable; bids are refused from the end time on, so the wait is
    /// one commit at most. Call it from a timer (e.g. every 250 ms) and after each commit.
    public mutating func closeDue(now: Timestamp) -> [AuctionClosing] {
        var closings: [AuctionClosing] = []
        if !deferredClosings.isEmpty {
            let waiting = deferredClosings
            deferredClosings.removeAll(keepingCapacity: true)
            for index in waiting { close(index, into: &closings) }
        }
        while nextToClose < endOrder.count {
            let index = endOrder[nextToClose]
            guard let endsAt = lots[index].endsAt, endsAt <= now else { break }
            nextToClose += 1
            close(index, into: &closings)
        }
        return closings
    }

    /// When the next not-yet-reported auction ends, for the shell's timer; nil when none will.
    public var nextEndTime: Timestamp? {
        nextToClose < endOrder.count ? lots[endOrder[nextToClose]].endsAt : nil
    }

    private mutating func close(_ index: Int, into closings: inout [AuctionClosing]) {
        guard !lots[index].isClosed, let endsAt = lots[index].endsAt else { return }
        if lots[index].hasUncommittedBids {
            deferredClosings.append(index)
            return
        }
        lots[index].isClosed = true
        let lot = lots[index]
        closings.append(AuctionClosing(
            productID: lot.productID, position: lot.position, finalPrice: lot.price, winner: lot.leader, endedAt: endsAt
        ))
    }
}
