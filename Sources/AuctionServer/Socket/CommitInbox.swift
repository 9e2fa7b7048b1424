import AuctionBidding
import AuctionCore
import AuctionInfrastructure

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
