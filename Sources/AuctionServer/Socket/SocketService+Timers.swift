import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Timers on the loop: auctions ending at their end time, and simulated bidders.
extension SocketService {
    /// Starts the auction-closing timer and the simulated bidders (loop thread).
    func startTimers(simulation setting: SimulationSetting?, proxyBidders: [UserID] = []) {
        if let setting {
            var simulated = setting.simulationConfiguration
            simulated.proxyBidders = proxyBidders
            let simulation = BidderSimulation(configuration: simulated, generator: SystemRandomNumberGenerator(), start: currentTime())
            timers.startSimulation(simulation) { [weak self] simulation in self?.simulate(&simulation) }
        }
        runClosings()
        scheduleStallCheck()
        scheduleSessionRechecks()
    }

    /// Closes every auction that is due, hands them on, and sets the timer for the next end time.
    func runClosings() {
        timers.cancelClosing()
        guard !isStopping else { return }
        let now = currentTime()
        let closings = bidPath.closeDue(now: now)
        if !closings.isEmpty {
            hooks.onClosings(self, closings)
            notifyClosed(closings)
        }
        timers.close(at: bidPath.book.nextEndTime, now: now) { [weak self] in self?.runClosings() }
    }

    /// Announces an ended auction (type 5) to the product's watchers.
    func announce(_ closing: AuctionClosing, winnerName: String?) {
        guard clusterFeed.announces(closing.productID) else { return }
        let winnerName = winnerName ?? closing.winner.flatMap { sessions.name(of: $0) }
        broadcast(other: Self.closedFrame(closing, winnerName: winnerName), position: closing.position, productID: closing.productID)
        tellLotRoom(closed: closing, winnerName: winnerName)
        pushStanding(closed: closing)
        let reserve = closing.reserveMet.map { $0 ? ", reserve met" : ", reserve not met" } ?? ""
        log.info("auction: \(closing.productID) closed at \(closing.finalPrice), winner \(winnerName ?? "none")\(reserve)"
                 + (closing.bought ? " (bought now)" : ""))
    }

    /// Runs the bids `simulation` offers now through the ordinary bid path (`timers` ticks it).
    private func simulate(_ simulation: inout BidderSimulation) {
        let now = currentTime()
        let bids = simulation.tickWithBidders(now: now, book: bidPath.book)
        for (bid, bidder) in bids { placeSimulated(bid, bidder: bidder, now: now) }
    }
}
