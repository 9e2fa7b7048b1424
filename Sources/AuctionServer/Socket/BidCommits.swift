import AuctionCore
import AuctionInfrastructure

/// The bid path's own state between decision and reply (loop thread): the bids accepted in this
/// round of input, how many await their commit, and the inbox where the ledger's writer thread
/// parks commit results.
struct BidCommits {
    /// Accepted bids whose commit has not come back yet.
    private(set) var inFlight = 0
    /// Bids accepted in this round of input, handed to the ledger at its end.
    private var pending: [PendingBid] = []
    /// Commit results waiting for the loop.
    let inbox = CommitInbox()

    /// Adds an accepted bid to this round; true when it is the round's first (schedule the submit).
    mutating func add(_ bid: PendingBid) -> Bool {
        inFlight += 1
        pending.append(bid)
        return pending.count == 1
    }

    /// Takes the bids accepted this round (empty when there are none).
    mutating func takeRound() -> [PendingBid] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    /// Notes that `count` bids came back from the ledger.
    mutating func finished(_ count: Int) {
        inFlight -= count
    }
}

/// An accepted bid waiting for its commit, with what to do once it is durable.
struct PendingBid: Sendable {
    var bid: AcceptedBid
    var update: PriceUpdate
    var position: Int
    var target: SocketService.ReplyTarget?
    /// Who led the product just before this bid was decided (for outbid notices).
    var previousLeader: UserID? = nil
}

/// Commit results parked by the ledger's writer thread until the loop takes them, so that one loop
/// task answers every group that finished meanwhile.
final class CommitInbox: Sendable {
    private struct State {
        var results: [([PendingBid], Result<Void, StoreError>)] = []
        var scheduled = false
    }

    private let state = Mutex(State())

    /// Parks a result; true when the caller must schedule the loop task that takes them.
    func post(_ batch: [PendingBid], _ result: Result<Void, StoreError>) -> Bool {
        state.withLock { state in
            state.results.append((batch, result))
            defer { state.scheduled = true }
            return !state.scheduled
        }
    }

    /// Takes everything parked; the next `post` schedules a new task.
    func takeAll() -> [([PendingBid], Result<Void, StoreError>)] {
        state.withLock { state in
            state.scheduled = false
            let taken = state.results
            state.results.removeAll(keepingCapacity: true)
            return taken
        }
    }
}
