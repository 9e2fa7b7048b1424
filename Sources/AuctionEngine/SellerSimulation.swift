import AuctionCore

/// The demo's simulated seller: a new lot now and then, on the clock it is given (pure: no clock
/// reads, no randomness beyond a counter), so `auction demo` shows selling out of the box.
public struct SellerSimulation: Sendable {
    /// A lot the simulated seller puts up.
    public struct Listing: Hashable, Sendable {
        /// Its name.
        public var name: String
        /// Its description.
        public var description: String
        /// Its start price.
        public var startPrice: Money
        /// How long it runs, in seconds.
        public var durationSeconds: Int64
    }

    /// The time between two listings.
    public let intervalMilliseconds: Int64
    /// When the next lot is due.
    public private(set) var nextDue: Timestamp
    private var listed: Int = 0

    static let items: [(String, String)] = [
        ("Vintage rangefinder camera", "Shutter fires at every speed; light seals replaced."),
        ("Hand-thrown stoneware bowl", "Ash glaze, 18 cm across. One of a kind."),
        ("서울 야경 사진 액자", "A framed night view of Seoul, 40 × 30 cm."),
        ("Mechanical keyboard", "Tactile switches, barely used, original box."),
        ("Oak bookshelf", "Solid oak, five shelves; collection only."),
        ("Leather satchel", "Full-grain leather, brass buckles, some patina."),
    ]

    /// A seller whose first lot is due `intervalMilliseconds` after `start`.
    public init(start: Timestamp, intervalMilliseconds: Int64 = 45_000) {
        self.intervalMilliseconds = max(1_000, intervalMilliseconds)
        nextDue = start.adding(milliseconds: self.intervalMilliseconds)
    }

    /// The lot due at `now`, if one is (at most one per call; missed ones are skipped, not piled up).
    public mutating func due(now: Timestamp) -> Listing? {
        guard now >= nextDue else { return nil }
        nextDue = now.adding(milliseconds: intervalMilliseconds)
        let item = Self.items[listed % Self.items.count]
        let round = listed / Self.items.count
        listed &+= 1
        let price = Int64(5_000 + (listed &* 7_919) % 45_000) / 100 * 100
        return Listing(name: round == 0 ? item.0 : "\(item.0) #\(round + 1)", description: item.1, startPrice: Money(price),
                       durationSeconds: 300 + Int64(listed % 4) * 300)
    }
}
