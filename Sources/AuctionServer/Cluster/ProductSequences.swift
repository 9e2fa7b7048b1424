import AuctionBidding
import AuctionCore
import AuctionInfrastructure

/// How many accepted bids this node knows of, per product (the store's `bid_count`, the pushes' `seq`).
///
/// Shared by the loop (which counts its own commits and adopts other nodes' bids) and the cluster
/// listener (which skips notifications at or below what the node knows, and catches up above it).
final class ProductSequences: KnownSequences {
    private let counts: Mutex<[ProductID: Int64]>

    /// Starts from the counts read at start (products absent have none).
    init(_ counts: [ProductID: Int] = [:]) {
        self.counts = Mutex(counts.mapValues { Int64($0) })
    }

    /// The last sequence number known for a product (0 before its first bid).
    func known(of id: ProductID) -> Int64 {
        counts.withLock { $0[id] ?? 0 }
    }

    /// Counts one more accepted bid on a product; returns its sequence number.
    func advance(_ id: ProductID) -> Int64 {
        counts.withLock { counts in
            let next = (counts[id] ?? 0) &+ 1
            counts[id] = max(next, 1)
            return counts[id] ?? 1
        }
    }

    /// Raises a product's known sequence to `sequence`; returns the previous value (never lowers it).
    @discardableResult
    func raise(_ id: ProductID, to sequence: Int64) -> Int64 {
        counts.withLock { counts in
            let previous = counts[id] ?? 0
            if sequence > previous { counts[id] = sequence }
            return previous
        }
    }
}
