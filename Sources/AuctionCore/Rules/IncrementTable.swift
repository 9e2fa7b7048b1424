/// The bid increment by price band (eBay's idea, in our minor units): how far a proxy's automatic
/// answer steps above the amount it beats. A product's own `minimumIncrement` replaces the table.
///
/// `amount + increment(at: amount)` never decreases as `amount` grows (each band's increment is at
/// least the previous one), so a higher maximum always means a higher answer. See docs/SERVER.md.
public struct IncrementTable: Hashable, Sendable {
    /// One band: amounts below `below` (and at or above the previous band's bound) step by `increment`.
    public struct Band: Hashable, Sendable {
        /// The exclusive upper bound of the band.
        public var below: Money
        /// The step inside the band.
        public var increment: Money

        /// Creates a band.
        public init(below: Money, increment: Money) {
            self.below = below
            self.increment = increment
        }
    }

    /// The bands by ascending bound.
    public var bands: [Band]
    /// The step at and above the last band's bound.
    public var top: Money

    /// Creates a table; bands must ascend by bound and by increment.
    public init(bands: [Band], top: Money) {
        self.bands = bands
        self.top = top
    }

    /// The table the server uses (won-sized prices: about 1–2 % of the price, in round amounts).
    public static let standard = IncrementTable(bands: [
        Band(below: 1_000, increment: 10),
        Band(below: 5_000, increment: 50),
        Band(below: 10_000, increment: 100),
        Band(below: 50_000, increment: 500),
        Band(below: 100_000, increment: 1_000),
        Band(below: 500_000, increment: 5_000),
        Band(below: 1_000_000, increment: 10_000),
        Band(below: 5_000_000, increment: 50_000),
    ], top: 100_000)

    /// The increment for an amount (negative amounts use the first band).
    public func increment(at amount: Money) -> Money {
        for band in bands where amount < band.below { return band.increment }
        return top
    }

    /// The step for a product: its own minimum increment when set (and positive), else the table's.
    public func increment(at amount: Money, minimumIncrement: Money?) -> Money {
        if let own = minimumIncrement, own > .zero { return own }
        return increment(at: amount)
    }
}
