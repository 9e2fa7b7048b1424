import AuctionCore

/// The raise the client shows and suggests for a lot: the server's increment table at the current
/// price (the step proxy bids answer by, e.g. 500 at 16,000), or the seller's own minimum raise.
extension Product {
    /// The lot's current increment: its own minimum raise when set, else the increment table's step at its price.
    public var currentIncrement: Money {
        IncrementTable.standard.increment(at: currentPrice, minimumIncrement: minimumIncrement)
    }

    /// The least bid worth placing now: the current price plus `currentIncrement` (saturating); a bid
    /// below it is answered at once by any proxy that leads.
    public var nextBid: Money {
        BidRules.minimumNextBid(current: currentPrice, minimumIncrement: currentIncrement)
    }
}
