import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Timers on the loop: auctions ending at their end time, and simulated bidders.
extension SocketService {
    /// Closes every auction that is due, hands them on, and sets the timer for the next end time.
    func runClosings() {
        if let closingTimer { loop.cancel(closingTimer) }
        closingTimer = nil
        guard !isStopping else { return }
        let now = currentTime()
        let closings = bidPath.closeDue(now: now)
        if !closings.isEmpty {
            hooks.onClosings(self, closings)
            notifyClosed(closings)
        }
        guard let next = bidPath.book.nextEndTime else { return }
        // Wake at the end time (wall clock), at most a minute ahead so a clock change is noticed.
        let delay = min(60_000, max(1, next.millisecondsSinceEpoch - now.millisecondsSinceEpoch))
        closingTimer = loop.scheduleOnLoop(afterMilliseconds: delay) { [weak self] in self?.runClosings() }
    }

    /// Announces an ended auction (type 5) to the product's watchers.
    func announce(_ closing: AuctionClosing, winnerName: String?) {
        guard clusterFeed.announces(closing.productID) else { return }
        let winnerName = winnerName ?? closing.winner.flatMap { knownNames[$0] }
        broadcast(other: Self.closedFrame(closing, winnerName: winnerName), position: closing.position, productID: closing.productID)
        let reserve = closing.reserveMet.map { $0 ? ", reserve met" : ", reserve not met" } ?? ""
        log.info("auction: \(closing.productID) closed at \(closing.finalPrice), winner \(winnerName ?? "none")\(reserve)"
                 + (closing.bought ? " (bought now)" : ""))
    }

    /// Schedules the next round of simulated bids.
    func scheduleSimulation() {
        guard let interval = simulation?.suggestedTickMilliseconds, !isStopping else { return }
        simulationTimer = loop.scheduleOnLoop(afterMilliseconds: interval) { [weak self] in self?.simulate() }
    }

    /// Runs the bids due now through the ordinary bid path, then schedules the next round.
    private func simulate() {
        guard var simulation else { return }
        let now = currentTime()
        let bids = simulation.tickWithBidders(now: now, book: bidPath.book)
        self.simulation = simulation
        for (bid, bidder) in bids { place(bid, bidder: bidder, now: now, target: nil) }
        scheduleSimulation()
    }
}
