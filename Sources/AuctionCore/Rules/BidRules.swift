/// The auction's rules for accepting a bid, as a pure function of the product's state.
public struct BidRules: Sendable {
    /// The highest price and the largest raise a bid may make.
    public var limits: PriceLimits

    /// Creates the rules with price limits (the defaults unless given).
    public init(limits: PriceLimits = PriceLimits()) { self.limits = limits }

    /// Decides a bid against a product's current state at a given time.
    ///
    /// A bid is accepted when the auction is open, the current price is within the limits, the
    /// price is strictly greater than the current price and, when a minimum increment is set, at
    /// least that much greater, and it keeps the limits (`price_too_high`, `raise_too_large`).
    /// No arithmetic here can trap, whatever the amounts.
    public func decide(_ bid: Bid, current: Money, minimumIncrement: Money?, endsAt: Timestamp?, now: Timestamp) -> BidOutcome {
        if let endsAt, now >= endsAt {
            return .refused(.auctionClosed, currentPrice: current)
        }
        guard limits.admits(storedPrice: current) else {
            return .refused(.productUnavailable, currentPrice: nil)
        }
        guard bid.price > current else {
            return .refused(.priceTooLow, currentPrice: current)
        }
        if let step = minimumIncrement, step > .zero, bid.price.saturatingSubtracting(current) < step {
            return .refused(.priceTooLow, currentPrice: current)
        }
        if let reason = limits.refusal(price: bid.price, current: current) {
            return .refused(reason, currentPrice: current)
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
