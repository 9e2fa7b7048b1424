import AuctionInfrastructure

/// Whether this node should be sent traffic (`GET /health/ready`), and why not: still starting or
/// migrating the store's schema, its shared store out of reach, its ledger unable to commit, or draining. `GET /health/live` only says the process answers.
public final class Readiness: Sendable {
    /// Why a node is not ready.
    public enum Reason: String, Sendable, CaseIterable {
        /// Opening and migrating the store, restoring state, starting the listeners.
        case starting
        /// Bringing the store's schema up to this build's version (or waiting for another node's migration of the shared store).
        case migrating
        /// The shared PostgreSQL store cannot be reached (its listener is reconnecting).
        case storeUnreachable = "store_unreachable"
        /// The ledger's writer has not committed for longer than its bound: another writer holds the
        /// store's write lock, or a commit has been waiting that long.
        case storeBusy = "store_busy"
        /// Stopping: finishing what is in flight, taking no new work.
        case draining
    }

    private let reasons = Mutex<Set<Reason>>([.starting])
    /// Checked at each question: whether the store is reachable now (nil: nothing to check).
    private let storeReachable = Mutex<(@Sendable () -> Bool)?>(nil)
    /// Checked at each question: why the ledger's writer cannot commit now (nil: it can, or nothing to check).
    private let ledgerTrouble = Mutex<(@Sendable () -> Reason?)?>(nil)

    /// Not ready until `set(.starting, false)`.
    public init() {}

    /// Sets or clears one reason.
    public func set(_ reason: Reason, _ present: Bool) {
        reasons.withLock { if present { $0.insert(reason) } else { $0.remove(reason) } }
    }

    /// Sets the store check asked at each `GET /health/ready`.
    func checkStore(with reachable: (@Sendable () -> Bool)?) {
        storeReachable.withLock { $0 = reachable }
    }

    /// Sets the ledger check asked at each `GET /health/ready` (it must not wait: it runs on the loop).
    func checkLedger(with trouble: (@Sendable () -> Reason?)?) {
        ledgerTrouble.withLock { $0 = trouble }
    }

    /// Why the node is not ready now, in declaration order; empty when it is ready.
    public var notReadyBecause: [Reason] {
        var now = reasons.withLock { $0 }
        if let check = storeReachable.withLock({ $0 }), !check() { now.insert(.storeUnreachable) }
        if let check = ledgerTrouble.withLock({ $0 }), let reason = check() { now.insert(reason) }
        return Reason.allCases.filter(now.contains)
    }
}

extension Readiness.Reason {
    /// The reason readiness gives for the ledger's `trouble`.
    init(_ trouble: LedgerTrouble) {
        self = trouble == .busy ? .storeBusy : .storeUnreachable
    }
}
