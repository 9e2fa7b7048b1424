import AuctionCore

/// The one rule for the least bid a lot accepts, used by the book to decide and by the server to
/// state `next_minimum` (replies, pushes, list items, detail): what is stated is what is accepted.
///
/// An opening bid must reach the start price; after that a bid (plain or proxy) must reach the
/// price plus the lot's increment: its own `minimumIncrement` when the seller set one, else the
/// increment table's step at the price (eBay's and Catawiki's rule). See docs/SERVER.md, "Bidding rules".
public enum BidMinimum {
    /// The least price a bid may offer: `price` (never below one minor unit) while the lot has no
    /// bid, else `price` + the increment; saturates instead of overflowing.
    public static func next(price: Money, hasBids: Bool, minimumIncrement: Money?,
                            increments: IncrementTable = .standard) -> Money {
        guard hasBids else { return max(price, Money(1)) }
        return price.saturatingAdding(increments.increment(at: price, minimumIncrement: minimumIncrement))
    }

    /// The least bid after an accepted step at `price` (a step means the lot has bids).
    public static func afterStep(at price: Money, minimumIncrement: Money?, increments: IncrementTable = .standard) -> Money {
        next(price: price, hasBids: true, minimumIncrement: minimumIncrement, increments: increments)
    }
}
