import AuctionCore

/// The one rule for a retraction: a lot's price and leader become what its remaining bids make them,
/// exactly as if the retracted bids had never been placed — the remaining placements (each bid as its
/// bidder asked it, with its maximum; a proxy's answer counts the refused challenger's bid) decided
/// again, in their order, by a fresh `AuctionBook` under the same rules, increments and reserve.
/// So the price is never above every remaining bid and maximum, and never below the start price.
public enum RetractionReplay {
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

    /// The lot's state from `placements` (oldest first) on a lot starting at `startPrice`.
    public static func replay(_ placements: [BidPlacement], startPrice: Money, minimumIncrement: Money?, reserve: Money?,
                              increments: IncrementTable = .standard, limits: PriceLimits = PriceLimits()) -> Outcome {
        let id = ProductID(1)
        let product = Product(id: id, name: "", startPrice: startPrice, currentPrice: startPrice, lastChange: .zero,
                              direction: .unchanged, auctionDate: "", minimumIncrement: minimumIncrement)
        var book = AuctionBook(products: [product], terms: [id: AuctionTerms(reserve: reserve)], softClose: .disabled,
                               increments: increments, rules: BidRules(limits: limits))
        let time = Timestamp(millisecondsSinceEpoch: 0)
        for placement in placements {
            _ = book.decide(Bid(productID: id, price: placement.price, maximum: placement.maximum), bidder: placement.bidder, now: time)
        }
        let lot = book.lot(for: id)!
        return Outcome(price: lot.price, lastChange: lot.lastChange, leader: lot.leader, leaderMaximum: lot.leaderMaximum,
                       hasBids: lot.hasBids)
    }
}
