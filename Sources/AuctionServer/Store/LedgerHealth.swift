import AuctionCore
import AuctionInfrastructure
import Synchronization

/// Why the ledger's writer cannot commit now (readiness reports it as `store_busy` or `store_unreachable`).
public enum LedgerTrouble: Sendable, Equatable {
    /// Another writer holds the store's write lock (SQLite `BUSY`, a PostgreSQL lock or statement
    /// timeout), or a commit has been waiting that long.
    case busy
    /// The store cannot be written: an I/O error, a full disk, a file that cannot be opened, a
    /// PostgreSQL server out of reach.
    case unreachable

    /// The trouble `error` says the store is in; nil when the store answered (a constraint, a
    /// conflict) or was closed on purpose.
    init?(_ error: StoreError) {
        switch error {
        case .sqlite:
            switch error.sqliteCode {
            case 5, 6: self = .busy  // SQLITE_BUSY, SQLITE_LOCKED
            case 3, 7, 8, 10, 11, 13, 14, 15, 26: self = .unreachable  // PERM, NOMEM, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, PROTOCOL, NOTADB
            default: return nil
            }
        case .postgres(let state, _, _):
            if ["55P03", "40P01", "40001", "57014"].contains(state) {
                self = .busy  // lock not available, deadlock, serialization failure, statement timeout
            } else if ["08", "53", "57", "58"].contains(String(state.prefix(2))) {
                self = .unreachable  // connection, resources (disk full), operator intervention, system error
            } else {
                return nil
            }
        case .unavailable, .cannotOpen: self = .unreachable
        default: return nil
        }
    }
}

/// What one batch (or probe) of the writer came to, for readiness.
enum CommitReport: Sendable {
    /// The store answered: something committed, or it refused a submission on its merits.
    case stored
    /// Nothing was written (only barriers).
    case idle
    /// Nothing could be committed, for this reason.
    case failed(StoreError)

    /// The report of a batch whose submissions got `outcomes`.
    init(_ outcomes: [CommitOutcome<StoreError>]) {
        var failure: StoreError?
        for outcome in outcomes {
            switch outcome {
            case .unavailable(let error), .unknown(let error): failure = failure ?? error
            case .committed, .conflict, .duplicateKey, .bidderSuspended:
                self = .stored
                return
            }
        }
        self = failure.map { .failed($0) } ?? .idle
    }
}

/// How the ledger's writer is doing, kept in atomics the writer thread sets around each batch and
/// `GET /health/ready` reads on the loop without waiting: since when a commit has been in progress,
/// since when commits have been failing, and why. A commit clears it. Times are the clock's monotonic
/// milliseconds (0: none).
final class LedgerHealth: Sendable {
    private let clock: any TimeSource
    private let attemptSince = Atomic<Int64>(0)
    private let failingSince = Atomic<Int64>(0)
    /// 0 none, 1 busy, 2 unreachable.
    private let failure = Atomic<Int>(0)
    private let probeWanted = Atomic<Bool>(false)

    /// Health on `clock` (the server's).
    init(clock: any TimeSource) {
        self.clock = clock
    }

    /// A batch or probe starts (writer thread).
    func began() {
        attemptSince.store(max(1, clock.monotonicMilliseconds()), ordering: .relaxed)
    }

    /// It ended with `report` (writer thread).
    func ended(_ report: CommitReport) {
        let since = attemptSince.exchange(0, ordering: .relaxed)
        switch report {
        case .idle:
            return
        case .failed(let error):
            if let trouble = LedgerTrouble(error) {
                failure.store(trouble == .busy ? 1 : 2, ordering: .relaxed)
                if failingSince.load(ordering: .relaxed) == 0 { failingSince.store(max(1, since), ordering: .relaxed) }
                return
            }
        case .stored:
            break
        }
        failure.store(0, ordering: .relaxed)
        failingSince.store(0, ordering: .relaxed)
    }

    /// Why the writer cannot commit now, once that has lasted `bound` milliseconds; nil when it can
    /// (or has not for shorter). Any thread; never waits.
    func trouble(lastingAtLeast bound: Int64) -> LedgerTrouble? {
        let now = clock.monotonicMilliseconds()
        let attempt = attemptSince.load(ordering: .relaxed), failing = failingSince.load(ordering: .relaxed)
        let kind: LedgerTrouble = failure.load(ordering: .relaxed) == 2 ? .unreachable : .busy
        if failing != 0, now - failing >= bound { return kind }
        if attempt != 0, now - attempt >= bound { return failing != 0 ? kind : .busy }
        return nil
    }

    /// Whether commits are failing with nothing in progress to find out if they still do: then a
    /// probe is wanted, and this asks for it once (true) until `takeProbe` takes it.
    func wantsProbe() -> Bool {
        guard failingSince.load(ordering: .relaxed) != 0, attemptSince.load(ordering: .relaxed) == 0 else { return false }
        return probeWanted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    }

    /// Takes the probe asked for, if any (writer thread).
    func takeProbe() -> Bool {
        probeWanted.exchange(false, ordering: .relaxed)
    }
}
