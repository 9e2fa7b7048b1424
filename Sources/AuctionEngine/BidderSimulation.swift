import AuctionCore

/// Simulated bidders (`--simulate`): bids produced on each `tick`, which the server runs through
/// the same path as real bids.
///
/// Two paces: the original backend's demo feed (every second, 1–4 distinct random products raised
/// by the raise amount) and a steady rate of bids per second spread over time. Products are drawn
/// from a range of catalogue positions (the whole catalogue by default). The random source is
/// injected, so a seeded generator replays the same bids.
public struct BidderSimulation: Sendable {
    /// What the simulated bidders do.
    public struct Configuration: Sendable, Hashable {
        /// How often bids come.
        public enum Pace: Sendable, Hashable {
            /// The original demo feed: every second, 1–4 distinct random products.
            case demoFeed
            /// This many bids per second, spread evenly over time (random products, repeats allowed).
            case steady(bidsPerSecond: Int)
        }

        /// How often bids come.
        public var pace: Pace
        /// 1-based catalogue positions to bid on (clamped to the catalogue); nil for all of it.
        public var positions: ClosedRange<Int>?
        /// How much each bid raises the price (at least the product's minimum increment).
        public var raise: Money
        /// Who the simulated bids are recorded for (nil: anonymous).
        public var bidder: UserID?
        /// Simulated users who bid through proxies: with any, about half the bids of `tickWithBidders`
        /// are theirs, with a maximum four raises above the offer (shows proxy answers in the demo).
        public var proxyBidders: [UserID] = []

        /// A configuration; the defaults are the original demo feed.
        public init(pace: Pace = .demoFeed, positions: ClosedRange<Int>? = 1...10, raise: Money = 500, bidder: UserID? = nil) {
            self.pace = pace
            self.positions = positions
            self.raise = raise
            self.bidder = bidder
        }

        /// The original backend's demo feed: 1–4 of the first ten products raised by 500 every second.
        public static let demoFeed = Configuration()

        /// A steady rate over the whole catalogue.
        public static func steady(bidsPerSecond: Int) -> Configuration {
            Configuration(pace: .steady(bidsPerSecond: bidsPerSecond), positions: nil)
        }
    }

    /// What the simulation does.
    public let configuration: Configuration
    private var generator: any RandomNumberGenerator & Sendable
    private var origin: Timestamp
    /// Bids (steady pace) or rounds (demo feed) produced since `origin`.
    private var produced: Int64 = 0

    /// A simulation starting at `start`, drawing from `generator`.
    public init(configuration: Configuration = .demoFeed, generator: any RandomNumberGenerator & Sendable, start: Timestamp) {
        self.configuration = configuration
        self.generator = generator
        self.origin = start
    }

    /// The bidder simulated bids are placed for.
    public var bidder: UserID? { configuration.bidder }

    /// How often the shell should call `tick`: often enough that no demo round is skipped and a
    /// steady rate arrives smoothly (any interval works; bids are counted from elapsed time).
    public var suggestedTickMilliseconds: Int64 {
        switch configuration.pace {
        case .demoFeed: 100
        case .steady(let rate): rate >= 1_000 ? 10 : 50
        }
    }

    /// The bids due by `now`, priced against the book (at most one second's worth: a stalled
    /// server does not receive a burst of backlog).
    public mutating func tick(now: Timestamp, book: AuctionBook) -> [Bid] {
        let range = positionRange(productCount: book.productCount)
        guard !range.isEmpty else { return [] }
        // Any two clock readings subtract without trapping (a clock that jumped saturates).
        let (difference, overflow) = now.millisecondsSinceEpoch.subtractingReportingOverflow(origin.millisecondsSinceEpoch)
        let elapsed = overflow ? (now > origin ? Int64.max : 0) : max(0, difference)
        var positions: [Int] = []
        switch configuration.pace {
        case .demoFeed:
            let rounds = elapsed / 1_000
            guard rounds > produced else { return [] }
            produced = rounds
            let count = min(Int.random(in: 1...4, using: &generator), range.count)
            var pool = Array(range)
            for pick in 0..<count {
                pool.swapAt(pick, Int.random(in: pick..<pool.count, using: &generator))
                positions.append(pool[pick])
            }
        case .steady(let rate):
            guard rate > 0 else { return [] }
            let perSecond = Int64(rate)
            let (scaled, overflow) = elapsed.multipliedReportingOverflow(by: perSecond)
            let due = overflow ? Int64.max / 1_000 : scaled / 1_000
            // A clock that stepped back produces nothing until it catches up (never a negative count).
            guard due > produced else { return [] }
            if due - produced > perSecond { produced = due - perSecond }
            let count = Int(due - produced)
            produced = due
            positions.reserveCapacity(count)
            for _ in 0..<count { positions.append(Int.random(in: range, using: &generator)) }
        }
        return price(positions, in: book)
    }

    /// `tick`'s bids with who places each: about half go to one of `proxyBidders` as a proxy bid
    /// (a maximum four raises above the offer), the rest to `bidder` as before.
    public mutating func tickWithBidders(now: Timestamp, book: AuctionBook) -> [(bid: Bid, bidder: UserID?)] {
        let bids = tick(now: now, book: book)
        let proxies = configuration.proxyBidders
        guard !proxies.isEmpty else { return bids.map { ($0, bidder) } }
        return bids.map { bid in
            guard Bool.random(using: &generator) else { return (bid, bidder) }
            let user = proxies[Int.random(in: 0..<proxies.count, using: &generator)]
            var maximum = bid.price
            for _ in 0..<4 { maximum = maximum.adding(configuration.raise) ?? maximum }
            var proxied = bid
            proxied.maximum = maximum
            return (proxied, user)
        }
    }

    /// The positions bids are drawn from, clamped to the catalogue.
    private func positionRange(productCount: Int) -> Range<Int> {
        let lower = max(1, configuration.positions?.lowerBound ?? 1)
        let upper = min(productCount, configuration.positions?.upperBound ?? productCount)
        return lower <= upper ? lower..<(upper + 1) : 0..<0
    }

    /// Bids raising each drawn product over its price, counting raises earlier in the same tick.
    private func price(_ positions: [Int], in book: AuctionBook) -> [Bid] {
        var planned: [Int: Money] = [:]
        var bids: [Bid] = []
        bids.reserveCapacity(positions.count)
        for position in positions {
            guard let lot = book.lot(atPosition: position), !lot.isClosed else { continue }
            let base = planned[position] ?? lot.price
            // At least the book's own increment at the base: every simulated bid is one the book accepts.
            let step = max(configuration.raise, book.increment(at: base, on: lot))
            // Never past the limits: a lot at (or out of) the maximum price is left alone.
            guard book.limits.admits(storedPrice: base), let offer = base.adding(step),
                  book.limits.refusal(price: offer, current: base) == nil else { continue }
            planned[position] = offer
            bids.append(Bid(productID: lot.productID, price: offer))
        }
        return bids
    }
}
