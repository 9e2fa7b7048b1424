import AuctionCore

/// The decisions of one round of input, handed to the ledger at its end, and how many decisions
/// await their commit.
public struct BidRound: Sendable {
    /// Decisions whose commit has not come back yet.
    public private(set) var inFlight = 0
    /// Decisions made in this round of input.
    private var pending: [PendingBid] = []

    /// No decision yet.
    public init() {}

    /// Adds a decision to this round; true when it is the round's first (the round must be scheduled).
    public mutating func add(_ bid: PendingBid) -> Bool {
        inFlight += 1
        pending.append(bid)
        return pending.count == 1
    }

    /// Takes the decisions made this round (empty when there are none).
    public mutating func take() -> [PendingBid] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    /// Notes that `count` decisions came back from the ledger.
    public mutating func finished(_ count: Int) {
        inFlight -= count
    }
}
