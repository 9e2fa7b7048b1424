import AuctionCore

/// How `auction bid` was told the price: as is, as a raise over the current price, or the minimum next bid.
public enum BidOffer: Hashable, Sendable {
    /// `auction bid 5 35,000`.
    case price(Money)
    /// `auction bid 5 +1000`: the current price plus this.
    case raise(Money)
    /// `auction bid 5 --min`: the current price plus the minimum raise (or plus 1).
    case minimum
}
