/// The auction's rules for accepting a bid, as a pure function of the product's state.
public struct BidRules: Sendable {
    /// The highest price and the largest raise a bid may make.
    public var limits: PriceLimits

    /// Creates the rules with price limits (the defaults unless given).
    public init(limits: PriceLimits = PriceLimits()) { self.limits = limits }

    /// Decides a bid against a product's current state at a given time.
    ///
    /// A bid is accepted when the auction is open, the current price is within the limits, the
    /// price reaches `minimum` (the engine's one rule for the least bid, `BidMinimum`, decides it)
    /// and it keeps the limits (`price_too_high`, `raise_too_large`). No arithmetic here can trap,
    /// whatever the amounts.
    public func decide(_ bid: Bid, current: Money, minimum: Money, endsAt: Timestamp?, now: Timestamp) -> BidOutcome {
        if let endsAt, now >= endsAt {
            return .refused(.auctionClosed, currentPrice: current)
        }
        guard limits.admits(storedPrice: current) else {
            return .refused(.productUnavailable, currentPrice: nil)
        }
        guard bid.price >= minimum, bid.price > .zero else {
            return .refused(.priceTooLow, currentPrice: current)
        }
        if let reason = limits.refusal(price: bid.price, current: current) {
            return .refused(reason, currentPrice: current)
        }
        return .accepted(price: bid.price)
    }
}
