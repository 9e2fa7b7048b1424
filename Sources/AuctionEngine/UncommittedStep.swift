import AuctionCore

/// The part of a lot's state a step can change (reserve-met and buy-now availability follow from it).
struct LotState: Hashable, Sendable {
    var price: Money
    var lastChange: Money
    var lastChangeAt: Timestamp?
    var leader: UserID?
    var leaderMaximum: Money?
    var endsAt: Timestamp?
    var extensions: Int
    var hasBids: Bool
    var isBought: Bool
}

/// An accepted bid (or a raised maximum without a price step) awaiting its commit, with the lot
/// state it replaced so it can be undone.
struct UncommittedStep: Hashable, Sendable {
    /// The price the step set (unique among a lot's price steps: prices only go up); for a raised
    /// maximum, the price it was raised at.
    var price: Money
    /// Set only for a raised maximum without a price step: what identifies it.
    var raisedMaximum: ProxyMaximum?
    /// Who the step was for (the bidder, or the proxy's owner).
    var contributor: UserID?
    /// Whether this step made `contributor` a bidder of the lot (undone with it).
    var addedBidder: Bool
    /// The lot's state before the step.
    var previous: LotState
    /// Whether its commit succeeded (it can no longer be reverted).
    var isConfirmed = false

    /// Whether this entry records the price step `bid`.
    func records(_ bid: AcceptedBid) -> Bool {
        raisedMaximum == nil && price == bid.price
    }
}
