import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The socket service's auction timers (loop thread): the one that closes auctions at their end
/// time, and the simulated bidders' ticks with the simulation they advance. Once stopped, neither
/// is set again.
final class AuctionTimers {
    private let loop: EventLoop
    private var closingTimer: TimerID?
    private var simulation: BidderSimulation?
    private var simulationTimer: TimerID?
    private var tick: (inout BidderSimulation) -> Void = { _ in }
    /// Whether `stop` ran: no timer is set any more.
    private(set) var isStopped = false

    /// Timers on `loop`, none set yet.
    init(loop: EventLoop) {
        self.loop = loop
    }

    /// Cancels the closing timer, if set.
    func cancelClosing() {
        if let closingTimer { loop.cancel(closingTimer) }
        closingTimer = nil
    }

    /// Sets the closing timer to run `close` at `next` (wall clock), at most a minute ahead so a clock
    /// change is noticed; nothing when there is no next end or the timers stopped.
    func close(at next: Timestamp?, now: Timestamp, _ close: @escaping () -> Void) {
        guard let next, !isStopped else { return }
        cancelClosing()
        let delay = min(60_000, max(1, next.millisecondsSinceEpoch - now.millisecondsSinceEpoch))
        closingTimer = loop.scheduleOnLoop(afterMilliseconds: delay, close)
    }

    /// Starts `simulation`: at each of its ticks `tick` advances it (placing the bids it offers then).
    func startSimulation(_ simulation: BidderSimulation, tick: @escaping (inout BidderSimulation) -> Void) {
        self.simulation = simulation
        self.tick = tick
        scheduleSimulation()
    }

    /// Cancels both timers for good (accepting stopped).
    func stop() {
        isStopped = true
        cancelClosing()
        if let simulationTimer { loop.cancel(simulationTimer) }
        simulationTimer = nil
    }

    /// Sets the simulation's next tick, unless the timers stopped or there is no simulation.
    private func scheduleSimulation() {
        guard let interval = simulation?.suggestedTickMilliseconds, !isStopped else { return }
        simulationTimer = loop.scheduleOnLoop(afterMilliseconds: interval) { [weak self] in self?.runSimulation() }
    }

    /// Advances the simulation by one tick, then sets the next.
    private func runSimulation() {
        guard var simulation else { return }
        tick(&simulation)
        self.simulation = simulation
        scheduleSimulation()
    }
}
