import AuctionCore

/// The fat-finger guard: a bid or a maximum more than 20 % above the current price must be confirmed
/// (on a terminal, or with `--yes`). Pure: the command reads the price and asks.
public struct PriceGuard: Hashable, Sendable {
    /// How far above the current price an amount may be without asking, in percent.
    public static let limitPercent: Int64 = 20

    /// The product's current price.
    public var current: Money

    /// A guard against the current price.
    public init(current: Money) { self.current = current }

    /// Whether `amount` is more than `limitPercent` above the current price (saturating: never traps).
    public func exceeds(_ amount: Money) -> Bool {
        amount.saturatingMultiplied(by: 100) > current.saturatingMultiplied(by: 100 + Self.limitPercent)
    }

    /// How far `amount` is above the current price, in whole percent (saturating; 0 at or below it).
    public func percentAbove(_ amount: Money) -> Int64 {
        guard amount > current else { return 0 }
        guard current > .zero else { return Int64.max }
        return amount.saturatingSubtracting(current).saturatingMultiplied(by: 100).minorUnits / current.minorUnits
    }

    /// The amounts that need confirming, as `your bid 50,000 is 67% above it` phrases; empty when none.
    /// `price` is nil when the bid is the minimum next bid (never a typo).
    public func phrases(price: Money?, maximum: Money?) -> [String] {
        var phrases: [String] = []
        if let price, exceeds(price) { phrases.append("your bid \(price) is \(percentText(price)) above it") }
        if let maximum, exceeds(maximum) { phrases.append("your maximum \(maximum) is \(percentText(maximum)) above it") }
        return phrases
    }

    private func percentText(_ amount: Money) -> String {
        let percent = percentAbove(amount)
        return percent == Int64.max ? "far" : "\(percent)%"
    }
}
