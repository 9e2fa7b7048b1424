/// Commits counted by their batch size (bids per transaction) in fixed power-of-two buckets, held
/// inline: noting a commit never allocates, even right after a scrape copied the counts.
public struct LedgerBatchSizes: Hashable, Sendable {
    /// The buckets' upper bounds: 1, 2, 4 … 1024 bids.
    public static let bounds = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1_024]
    private var counts: InlineArray<12, Int> = .init(repeating: 0)

    /// No commit counted.
    public init() {}

    /// Counts one commit of `bids` bids.
    public mutating func note(_ bids: Int) {
        var index = 0
        while index < Self.bounds.count, bids > Self.bounds[index] { index += 1 }
        counts[index] += 1
    }

    /// The count per bucket, one more than `bounds` (above the last), not cumulative.
    public var perBucket: [Int] { counts.indices.map { counts[$0] } }

    /// Whether both hold the same counts.
    public static func == (left: Self, right: Self) -> Bool {
        left.counts.indices.allSatisfy { left.counts[$0] == right.counts[$0] }
    }

    /// Hashes the counts.
    public func hash(into hasher: inout Hasher) {
        for index in counts.indices { hasher.combine(counts[index]) }
    }
}
