import AuctionCore
import AuctionInfrastructure

/// Bids waiting for the ledger's writer thread, and whether the ledger is still taking them.
// @unchecked Sendable: all state is touched only while `lock` is held.
final class LedgerQueue: @unchecked Sendable {
    /// Bids handed in together and the one completion they share.
    struct Entry {
        var bids: [AcceptedBid]
        /// Maximums, moved ends and purchases stored in the same transaction as `bids`.
        var changes: [LotChange] = []
        var completion: SQLiteBidLedger.Completion
    }

    private let lock = ConditionLock()
    private var entries: [Entry] = []
    private var isClosed = false
    private var isFinished = false

    /// Queues an entry and wakes the writer; false once the queue is closed (nothing queued).
    func enqueue(_ entry: Entry) -> Bool {
        lock.withLock {
            guard !isClosed else { return false }
            entries.append(entry)
            if entries.count == 1 { lock.broadcast() }
            return true
        }
    }

    /// Blocks until entries are queued and takes them all; nil once closed and drained.
    func takeAll() -> [Entry]? {
        lock.withLock {
            while entries.isEmpty && !isClosed { lock.wait() }
            guard !entries.isEmpty else { return nil }
            let taken = entries
            entries.removeAll(keepingCapacity: true)
            return taken
        }
    }

    /// Refuses further entries; the writer drains what is queued, then stops.
    func close() {
        lock.withLock {
            isClosed = true
            lock.broadcast()
        }
    }

    /// Called by the writer after its last commit and after closing its connection.
    func markFinished() {
        lock.withLock {
            isFinished = true
            lock.broadcast()
        }
    }

    /// Blocks until the writer has finished.
    func waitUntilFinished() {
        lock.withLock {
            while !isFinished { lock.wait() }
        }
    }
}
