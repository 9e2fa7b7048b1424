import AuctionCore

/// What the `AuctionBook` decided about one bid.
public enum BidDecision: Hashable, Sendable {
    /// Accepted: the book already holds the new price; commit `bid`, then reply and push `update`
    /// to the watchers of catalogue `position`.
    case accepted(AcceptedBid, update: PriceUpdate, position: Int)
    /// Refused with a reason and the current price (nil for an unknown product).
    case refused(RefusalReason, currentPrice: Money?)

    /// The answer the client gets.
    public var outcome: BidOutcome {
        switch self {
        case .accepted(let bid, _, _): .accepted(price: bid.price)
        case .refused(let reason, let price): .refused(reason, currentPrice: price)
        }
    }
}
