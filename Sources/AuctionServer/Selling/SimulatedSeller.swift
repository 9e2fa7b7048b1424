import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The demo's simulated seller (`--simulate` demo feed): the engine's `SellerSimulation` decides on
/// the server's clock when a lot is due; it is listed through the same store and hooks as a real sale.
final class SimulatedSeller: Sendable {
    private let simulation: Mutex<SellerSimulation>
    private let loop: EventLoop
    private let store: SellingStore
    private let writer: WorkerThread
    private let hooks: SellingHooks
    private let log: ServerLog

    /// A seller listing through `store` on `writer`, starting now on `loop`'s clock.
    init(loop: EventLoop, store: SellingStore, writer: WorkerThread, hooks: SellingHooks, log: ServerLog,
         intervalMilliseconds: Int64 = 45_000) {
        self.loop = loop
        self.store = store
        self.writer = writer
        self.hooks = hooks
        self.log = log
        simulation = Mutex(SellerSimulation(start: loop.clock.now(), intervalMilliseconds: intervalMilliseconds))
    }

    /// Arms the timer for the next lot.
    func schedule() {
        let due = simulation.withLock { $0.nextDue }
        let delay = max(1, min(60_000, due.millisecondsSinceEpoch - loop.clock.now().millisecondsSinceEpoch))
        _ = loop.schedule(afterMilliseconds: delay) { [self] in tick() }
    }

    private func tick() {
        let now = loop.clock.now()
        if let lot = simulation.withLock({ $0.due(now: now) }) {
            let store = self.store, hooks = self.hooks, log = self.log
            _ = writer.submit {
                let listing = SaleListing(name: lot.name, description: lot.description, startPrice: lot.startPrice,
                                          endsAt: now.adding(milliseconds: lot.durationSeconds * 1_000))
                do {
                    let seller = try store.simulatedSeller(now: now)
                    guard let product = try store.create(listing, seller: seller, sellerName: SellingStore.simulatedSellerName,
                                                         now: now) else { return }
                    hooks.listed(product.id)
                } catch {
                    log.warning("simulation: the seller could not list a lot: \(error)")
                }
            }
        }
        schedule()
    }
}
