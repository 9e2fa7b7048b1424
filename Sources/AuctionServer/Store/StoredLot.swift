import AuctionCore

/// A lot as the store holds it, for a node adopting a lot another thread or node listed, edited or
/// withdrew while it runs (`LotAdoption`): the catalogue row, its terms, its seller and its state.
struct StoredLot: Sendable {
    /// The product as lists show it (reserve state and buy-now price from the stored terms).
    var product: Product
    /// Its stored terms (reserve, buy-now, soft-close overrides, extensions).
    var terms: LotTerms
    /// The seller's name as lists show it.
    var sellerName: String
    /// The seller's account (the demo's lots have none).
    var sellerID: UserID?
    /// Accepted bids so far (`bid_count`).
    var bidCount: Int64
    /// Whether its seller withdrew it (or a moderator removed it).
    var isWithdrawn: Bool
    /// The moderator's reason when a moderator removed it.
    var removedReason: String? = nil
    /// Whether its close is recorded (withdrawn lots are closed too).
    var isClosed: Bool
    /// The recorded close of a lot that ended (not withdrawn): final price, winner and time.
    var close: RemoteClose?
}
