/// The auction's rules for accepting a bid, as a pure function of the product's state.
public struct BidRules: Sendable {
    /// Creates the rules.
    public init() {}

    /// Decides a bid against a product's current state at a given time.
    ///
    /// A bid is accepted when the auction is open and the price is strictly greater than the
    /// current price and, when a minimum increment is set, at least that much greater.
    public func decide(_ bid: Bid, current: Money, minimumIncrement: Money?, endsAt: Timestamp?, now: Timestamp) -> BidOutcome {
        if let endsAt, now >= endsAt {
            return .refused(.auctionClosed, currentPrice: current)
        }
        guard bid.price > current else {
            return .refused(.priceTooLow, currentPrice: current)
        }
        if let step = minimumIncrement, step > .zero, bid.price - current < step {
            return .refused(.priceTooLow, currentPrice: current)
        }
        return .accepted(price: bid.price)
    }

    /// The smallest price a bid must offer to be accepted now: the current price plus the minimum
    /// increment (or plus one minor unit without one); saturates instead of overflowing.
    public static func minimumNextBid(current: Money, minimumIncrement: Money?) -> Money {
        let step = max(minimumIncrement?.minorUnits ?? 1, 1)
        let (sum, overflow) = current.minorUnits.addingReportingOverflow(step)
        return Money(overflow ? Int64.max : sum)
    }
}
