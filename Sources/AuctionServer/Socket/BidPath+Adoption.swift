import AuctionCore
import AuctionEngine

/// What adopting another node's read of a lot changed (`BidPath.adopt`).
struct RemoteAdoption {
    /// The lot after the adoption.
    var lot: AuctionLot
    /// Its list position (where pushes are filtered from).
    var position: Int
    /// Its end, when the read moved it.
    var movedEnd: Timestamp?
    /// The bids new to this node, oldest first, with their seqs.
    var fresh: [SequencedBid]
    /// How many bids the read added to what this node knew.
    var added: Int64
}

/// What catching up with a conflict's read did (`BidPath.recover`).
struct ConflictCatchUp {
    /// Whether the request is decided again (false: refused, too many attempts or nothing to retry).
    var decidesAgain: Bool
    /// The price the book corrected to, when the read refreshed the lot.
    var correction: PriceUpdate?
    /// The lot, when the read brought new terms.
    var changedLot: AuctionLot?
}
