/// One lot's bids that this node has not seen (stored by other nodes), with the lot as stored.
public struct RemoteBids: Sendable {
    /// The lot's stored state after those bids.
    public var lot: LotRefresh
    /// The product's stored bid count (the last bid's sequence number).
    public var bidCount: Int64
    /// The bids read, oldest first, each with its sequence number (the newest ones when more were missed).
    public var bids: [SequencedBid]

    /// Creates a read of a lot and its bids.
    public init(lot: LotRefresh, bidCount: Int64, bids: [SequencedBid]) {
        self.lot = lot
        self.bidCount = bidCount
        self.bids = bids
    }
}

/// An accepted bid with its per-product sequence number (1 for a product's first bid, then 2, 3…).
public struct SequencedBid: Sendable, Equatable {
    /// Its sequence number on its product.
    public var sequence: Int64
    /// The bid.
    public var bid: AcceptedBid

    /// Pairs a bid with its sequence number.
    public init(sequence: Int64, bid: AcceptedBid) {
        self.sequence = sequence
        self.bid = bid
    }
}
