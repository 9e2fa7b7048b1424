import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The bid path's own state between decision and reply (loop thread): the decisions made in this
/// round of input, how many await their commit, and the inbox where the ledger's writer thread
/// parks commit results.
struct BidCommits {
    /// Decisions whose commit has not come back yet.
    private(set) var inFlight = 0
    /// Decisions made in this round of input, handed to the ledger at its end.
    private var pending: [PendingBid] = []
    /// Commit results waiting for the loop.
    let inbox = CommitInbox()
    /// Whether decisions are stamped with the time they were made (`PendingBid.decidedAt`; metrics on).
    var timesDecisions = false

    /// Adds a decision to this round; true when it is the round's first (schedule the submit).
    mutating func add(_ bid: PendingBid) -> Bool {
        inFlight += 1
        pending.append(bid)
        if timesDecisions { pending[pending.count - 1].decidedAt = MonotonicClock.nanoseconds() }
        return pending.count == 1
    }

    /// Takes the decisions made this round (empty when there are none).
    mutating func takeRound() -> [PendingBid] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    /// Notes that `count` decisions came back from the ledger.
    mutating func finished(_ count: Int) {
        inFlight -= count
    }
}

/// A bid's (or buy's) decision waiting for its commit, with what to do once it is durable.
///
/// `decision.previousLeader` names who led before it: after a successful commit the notifier
/// (outbid notices) reads it from here.
struct PendingBid: Sendable {
    /// The product asked about.
    var productID: ProductID
    /// What the book decided: the steps to store and push, the maximum, the moved end.
    var decision: BidDecision
    /// Lot changes stored with the steps (maximum, moved end, purchase).
    var changes: [LotChange]
    /// Who asked (nil for a simulated bid).
    var bidder: UserID?
    /// Where the answer goes.
    var target: SocketService.ReplyTarget?
    /// The idempotency key the answer settles, when the request carried one.
    var key: SocketService.IdempotencyKey?
    /// Whether it is a buy-now (its end time is not pushed as an extension).
    var isPurchase = false
    /// The request as received, to decide it again after a conflict with another node (nil: not again).
    var request: Bid?
    /// How many times it was decided again after a conflict.
    var attempts = 0
    /// When it was decided (monotonic nanoseconds) with metrics on; 0 when not timed.
    var decidedAt: Int64 = 0
}

/// Commit outcomes parked by the ledger's writer thread until the loop takes them, so that one loop
/// task answers every group that finished meanwhile.
final class CommitInbox: Sendable {
    private struct State {
        var results: [([PendingBid], CommitOutcome<StoreError>)] = []
        var scheduled = false
    }

    private let state = Mutex(State())

    /// Parks a result; true when the caller must schedule the loop task that takes them.
    func post(_ batch: [PendingBid], _ result: CommitOutcome<StoreError>) -> Bool {
        state.withLock { state in
            state.results.append((batch, result))
            defer { state.scheduled = true }
            return !state.scheduled
        }
    }

    /// Takes everything parked; the next `post` schedules a new task.
    func takeAll() -> [([PendingBid], CommitOutcome<StoreError>)] {
        state.withLock { state in
            state.scheduled = false
            let taken = state.results
            state.results.removeAll(keepingCapacity: true)
            return taken
        }
    }
}
