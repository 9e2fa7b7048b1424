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
}
