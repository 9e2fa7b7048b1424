/// The range every price must stay in: a bid may not offer more than `maximumPrice`, nor raise the
/// current price by more than `maximumRaise`. Server settings (`max_price`, `max_raise`).
///
/// The defaults are far above any real lot and below 2^53 (`Money.largestExact`), so every price
/// the server accepts is exact in JavaScript and in any double-based client.
public struct PriceLimits: Sendable, Hashable {
    /// The default `maximumPrice`: 10^15 minor units.
    public static let defaultMaximumPrice = Money(1_000_000_000_000_000)
    /// The default `maximumRaise`: 10^12 minor units over the current price.
    public static let defaultMaximumRaise = Money(1_000_000_000_000)

    /// The highest price a bid may offer (at most `Money.largestExact`).
    public var maximumPrice: Money
    /// The largest raise a bid may make over the current price (at least one minor unit).
    public var maximumRaise: Money

    /// Limits, clamped to `1 ... Money.largestExact`.
    public init(maximumPrice: Money = PriceLimits.defaultMaximumPrice, maximumRaise: Money = PriceLimits.defaultMaximumRaise) {
        self.maximumPrice = min(max(maximumPrice, Money(1)), Money.largestExact)
        self.maximumRaise = min(max(maximumRaise, Money(1)), Money.largestExact)
    }

    /// Whether a stored current price is one the book can work with (`0 ... maximumPrice`); a product
    /// whose price is not is unavailable for bidding.
    public func admits(storedPrice price: Money) -> Bool {
        price >= .zero && price <= maximumPrice
    }

    /// Why a price over `current` breaks the limits, or nil when it keeps them. Assumes `price > current`.
    public func refusal(price: Money, current: Money) -> RefusalReason? {
        if price > maximumPrice { return .priceTooHigh }
        if price.saturatingSubtracting(current) > maximumRaise { return .raiseTooLarge }
        return nil
    }
}
