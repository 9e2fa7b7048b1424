import AuctionCore

/// The one rule for a retraction, as eBay applies it: a lot's price and leader become what its remaining
/// bids and the remaining bidders' maximums make them, decided again in their order by a fresh
/// `AuctionBook` under the same rules, increments and reserve. A maximum refused earlier only because a
/// retracted proxy answered it is restored (it takes the lead where it beats what remains); a refused
/// plain bid is not revived: it counts only where a remaining proxy answers it again, never to lead.
/// So the price is never above every remaining bid and maximum, and never below the start price.
public enum RetractionReplay {
    /// One remaining placement and whether the book refused it when it was placed (a proxy answered it).
    public struct Entry: Hashable, Sendable {
        /// The bid as its bidder placed it.
        public var placement: BidPlacement
        /// Whether it was refused (`outbidByProxy`) when placed.
        public var wasRefused: Bool

        /// An entry.
        public init(_ placement: BidPlacement, wasRefused: Bool = false) {
            self.placement = placement
            self.wasRefused = wasRefused
        }
    }

    /// A lot's state after the replay.
    public struct Outcome: Hashable, Sendable {
        /// The price (the start price when no bid remains).
        public var price: Money
        /// The change the last step made.
        public var lastChange: Money
        /// Who leads (nil when no bid remains, or an anonymous bid leads).
        public var leader: UserID?
        /// The leader's secret maximum above the price.
        public var leaderMaximum: Money?
        /// Whether any remaining bid was accepted.
        public var hasBids: Bool
    }

    /// The lot's state from `placements` (oldest first, all accepted when placed) on a lot starting at `startPrice`.
    public static func replay(_ placements: [BidPlacement], startPrice: Money, minimumIncrement: Money?, reserve: Money?,
                              increments: IncrementTable = .standard, limits: PriceLimits = PriceLimits()) -> Outcome {
        replay(entries: placements.map { Entry($0) }, startPrice: startPrice, minimumIncrement: minimumIncrement, reserve: reserve,
               increments: increments, limits: limits)
    }

    /// The lot's state from `entries` (oldest first) on a lot starting at `startPrice`.
    public static func replay(entries: [Entry], startPrice: Money, minimumIncrement: Money?, reserve: Money?,
                              increments: IncrementTable = .standard, limits: PriceLimits = PriceLimits()) -> Outcome {
        let id = ProductID(1)
        let product = Product(id: id, name: "", startPrice: startPrice, currentPrice: startPrice, lastChange: .zero,
                              direction: .unchanged, auctionDate: "", minimumIncrement: minimumIncrement)
        var book = AuctionBook(products: [product], terms: [id: AuctionTerms(reserve: reserve)], softClose: .disabled,
                               increments: increments, rules: BidRules(limits: limits))
        let time = Timestamp(millisecondsSinceEpoch: 0)
        for entry in entries {
            let placement = entry.placement
            if entry.wasRefused, placement.maximum == nil, let lot = book.lot(for: id),
               lot.leader == nil || placement.bidder == lot.leader || placement.price > lot.leaderLimit {
                continue  // a refused plain bid no remaining proxy answers: not revived
            }
            _ = book.decide(Bid(productID: id, price: placement.price, maximum: placement.maximum), bidder: placement.bidder, now: time)
        }
        let lot = book.lot(for: id)!
        return Outcome(price: lot.price, lastChange: lot.lastChange, leader: lot.leader, leaderMaximum: lot.leaderMaximum,
                       hasBids: lot.hasBids)
    }
}
