import AuctionCore
import AuctionInfrastructure

/// Bids waiting for the ledger's writer thread, and whether the ledger is still taking them.
///
/// `Sendable`: its state sits in a `Mutex`; the writer blocks in `withLock(when:)` until there is work.
struct LedgerQueue: Sendable {
    /// A submission and the one completion it gets.
    struct Entry: Sendable {
        /// The bids, their lot changes and what their decision assumed.
        var submission: LedgerSubmission
        /// Called once with what became of it.
        var completion: LedgerCompletion

        /// The bids handed in together.
        var bids: [AcceptedBid] { submission.bids }
        /// Maximums, moved ends and purchases stored in the same transaction as `bids`.
        var changes: [LotChange] { submission.changes }
    }

    private struct State {
        var entries: [Entry] = []
        var isClosed = false
        var isFinished = false
    }

    private let state = Mutex(State())

    /// Queues an entry and wakes the writer; false once the queue is closed (nothing queued).
    func enqueue(_ entry: Entry) -> Bool {
        let (queued, first) = state.withLock { state -> (Bool, Bool) in
            guard !state.isClosed else { return (false, false) }
            state.entries.append(entry)
            return (true, state.entries.count == 1)
        }
        if first { state.wakeWaiters() }
        return queued
    }

    /// Blocks until entries are queued and takes them all; nil once closed and drained.
    func takeAll() -> [Entry]? {
        state.withLock(when: { !$0.entries.isEmpty || $0.isClosed }) { state -> [Entry]? in
            guard !state.entries.isEmpty else { return nil }
            let taken = state.entries
            state.entries.removeAll(keepingCapacity: true)
            return taken
        }
    }

    /// Refuses further entries; the writer drains what is queued, then stops.
    func close() {
        state.withLock { $0.isClosed = true }
        state.wakeWaiters()
    }

    /// Called by the writer after its last commit and after closing its connection.
    func markFinished() {
        state.withLock { $0.isFinished = true }
        state.wakeWaiters()
    }

    /// Blocks until the writer has finished.
    func waitUntilFinished() {
        state.withLock(when: \.isFinished) { _ in }
    }
}
