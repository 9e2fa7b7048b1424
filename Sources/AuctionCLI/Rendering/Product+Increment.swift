import AuctionCore

/// The raise and the next bid the client shows and suggests for a lot: what the server says it accepts.
/// The wire carries the lot's own minimum raise (`min_increment`, absent when none), and the server's
/// `minimum_bid` is the price plus it, or plus 1 without one (docs/PROTOCOL.md). The server's increment
/// table, which paces only its automatic proxy answers, is not on the wire, so the client does not guess it.
extension Product {
    /// The lot's minimum raise: its own `min_increment` when set, else 1.
    public var currentIncrement: Money {
        guard let own = minimumIncrement, own > .zero else { return Money(1) }
        return own
    }

    /// The least bid the server accepts now: the current price plus `currentIncrement` (saturating), as its `minimum_bid`.
    public var nextBid: Money {
        BidRules.minimumNextBid(current: currentPrice, minimumIncrement: minimumIncrement)
    }
}
