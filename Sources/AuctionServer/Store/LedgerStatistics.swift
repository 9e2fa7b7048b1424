/// Counters of a ledger's work since it opened: how well group commit is grouping.
public struct LedgerStatistics: Hashable, Sendable {
    /// Transactions committed.
    public var commits = 0
    /// Bids committed.
    public var committedBids = 0
    /// Bids whose completion reported an error.
    public var failedBids = 0

    /// Commits by how many bids each stored (the `auction_ledger_batch_size` histogram).
    public var batchSizes = LedgerBatchSizes()

    /// Creates zeroed counters.
    public init() {}

    /// Average bids per commit (0 before the first).
    public var bidsPerCommit: Double {
        commits == 0 ? 0 : Double(committedBids) / Double(commits)
    }
}
