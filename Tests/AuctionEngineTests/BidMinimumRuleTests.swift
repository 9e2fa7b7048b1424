import AuctionTestSupport
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import Testing

/// One rule for the minimum, both directions: whatever the lot, the minimum the book states is
/// accepted and one minor unit below it is refused `price_too_low`, for plain and proxy bids alike.
@Suite struct BidMinimumRuleTests {
    /// A random lot: start price, own minimum increment (or none), and a few accepted bids already.
    static func randomBook(_ generator: inout SplitMix64) -> AuctionBook {
        let start = Money(Int64.random(in: 1...2_000_000, using: &generator))
        let increment: Money? = Bool.random(using: &generator) ? Money(Int64.random(in: 1...20_000, using: &generator)) : nil
        let product = Product(id: 1, name: "lot", startPrice: start, currentPrice: start, lastChange: .zero,
                              direction: .unchanged, auctionDate: "2023-02-11", minimumIncrement: increment)
        var book = AuctionBook(products: [product])
        for order in 0..<Int.random(in: 0...4, using: &generator) {
            guard let lot = book.lot(for: 1) else { break }
            let price = book.nextMinimum(of: lot) + Money(Int64.random(in: 0...30_000, using: &generator))
            let decision = book.decide(Bid(productID: 1, price: price), bidder: UserID(rawValue: Int64(order % 2 + 1)),
                                       now: EngineFixtures.at(Int64(order)))
            book.confirm(decision)
        }
        return book
    }

    @Test func theStatedMinimumIsAcceptedAndOneUnitBelowIsRefusedOnAThousandRandomLots() {
        var generator = SplitMix64(seed: 0x33_0001)
        var failures: [String] = []
        for case_ in 0..<1_000 {
            let book = Self.randomBook(&generator)
            guard let lot = book.lot(for: 1) else { continue }
            let minimum = book.nextMinimum(of: lot)
            let proxy = Bool.random(using: &generator)
            let maximum: Money? = proxy ? minimum + Money(Int64.random(in: 0...50_000, using: &generator)) : nil
            let bidder = UserID(rawValue: 9)  // never the leader: a plain challenger or a new maximum
            var accepting = book, refusing = book
            let at = accepting.decide(Bid(productID: 1, price: minimum, maximum: maximum), bidder: bidder, now: EngineFixtures.at(100))
            let below = refusing.decide(Bid(productID: 1, price: minimum - Money(1), maximum: maximum), bidder: bidder,
                                        now: EngineFixtures.at(100))
            // At the minimum: never refused for its price (a leading maximum may still answer it).
            if case .refused(let reason, _) = at.outcome, reason != .outbidByProxy {
                failures.append("case \(case_): \(minimum) on \(lot.price) (bids: \(lot.hasBids)) refused \(reason)")
            }
            if below.outcome != .refused(.priceTooLow, currentPrice: lot.price) || below.changesBook {
                failures.append("case \(case_): \(minimum - Money(1)) below \(minimum) was \(below.outcome)")
            }
            if below.result?.nextMinimum != minimum {
                failures.append("case \(case_): the refusal states \(below.result?.nextMinimum.map(\.description) ?? "nothing"), not \(minimum)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 1,000: \(failures.prefix(3))")
    }

    @Test func anOpeningBidAtTheStartPriceIsAcceptedThenThePricePlusTheIncrementIsNeeded() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1, price: 1_000))
        #expect(book.lot(for: 1).map { book.nextMinimum(of: $0) } == 1_000)
        let opening = book.decide(Bid(productID: 1, price: 1_000), bidder: UserID(rawValue: 1), now: EngineFixtures.at(0))
        #expect(opening.outcome == .accepted(price: 1_000))
        book.confirm(opening)
        // The table's step at 1,000 is 50: 1,001 (the old "price + 1") is refused now.
        #expect(opening.result?.nextMinimum == 1_050)
        var copy = book
        #expect(copy.decide(Bid(productID: 1, price: 1_049), bidder: UserID(rawValue: 2), now: EngineFixtures.at(1)).outcome
            == .refused(.priceTooLow, currentPrice: 1_000))
        #expect(book.decide(Bid(productID: 1, price: 1_050), bidder: UserID(rawValue: 2), now: EngineFixtures.at(1)).outcome
            == .accepted(price: 1_050))
    }

    @Test func aLotsOwnIncrementReplacesTheTable() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1, price: 441_000, minimumIncrement: 7_000))
        book.confirm(book.decide(Bid(productID: 1, price: 441_000), bidder: UserID(rawValue: 1), now: EngineFixtures.at(0)))
        #expect(book.lot(for: 1).map { book.nextMinimum(of: $0) } == 448_000)
        #expect(book.decide(Bid(productID: 1, price: 447_999), bidder: UserID(rawValue: 2), now: EngineFixtures.at(1)).outcome
            == .refused(.priceTooLow, currentPrice: 441_000))
    }
}
