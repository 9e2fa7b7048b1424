import AuctionCore
import AuctionEngine

/// What the cluster listener read from the store for the loop: other nodes' bids and closes.
enum ClusterEvent: Sendable {
    /// New bids on one lot, with its stored state.
    case bids(RemoteBids)
    /// Auctions whose close is recorded in the store (announced once by each node).
    case closes([RemoteClose])
}

/// One lot's bids accepted on other nodes since this node last knew it, with the lot as stored.
struct RemoteBids: Sendable {
    /// The lot's stored state after those bids.
    var lot: StoredLot
    /// The product's stored `bid_count` (the last bid's `seq`).
    var bidCount: Int64
    /// The bids read, oldest first, each with its `seq` (the newest ones when more were missed).
    var bids: [SequencedBid]
}

/// An accepted bid with its per-product sequence number.
struct SequencedBid: Sendable {
    /// Its `bids.seq`.
    var sequence: Int64
    /// The bid.
    var bid: AcceptedBid
}

/// A close recorded in the store.
struct RemoteClose: Sendable {
    /// The product.
    var productID: ProductID
    /// Its final price.
    var finalPrice: Money
    /// The winner, when the reserve (if any) was met.
    var winner: UserID?
    /// The winner's name, when there is one.
    var winnerName: String?
    /// When it closed.
    var closedAt: Timestamp
}
