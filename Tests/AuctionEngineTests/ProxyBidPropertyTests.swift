import AuctionTestSupport
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import Testing

/// Random sequences of plain and proxy bids from several users against a reference model that knows
/// every bidder's maximum and finds the leader by scanning them all (the book keeps only the leader's).
@Suite struct ProxyBidPropertyTests {
    /// The reference: every user's highest maximum (a plain bid is a maximum equal to its price),
    /// with the order it was placed in; the leader is the highest, the earlier on a tie.
    struct Model {
        var maxima: [UserID: (amount: Money, order: Int)] = [:]
        var price: Money
        var leader: UserID?
        let increments = IncrementTable.standard

        /// The users by maximum, highest (then earliest) first.
        func ranking() -> [(user: UserID, amount: Money)] {
            maxima.sorted { ($0.value.amount, -$0.value.order) > ($1.value.amount, -$1.value.order) }
                .map { ($0.key, $0.value.amount) }
        }

        /// Applies a bid the generator made valid (its price reaches the book's minimum); returns the expected answer.
        mutating func apply(user: UserID, price offered: Money, maximum: Money?, order: Int) -> BidOutcome {
            let amount = maximum ?? offered
            if user == leader {
                // The leader: a plain bid raises the price to it; a proxy bid only raises the maximum.
                let held = maxima[user]?.amount ?? price
                if maximum == nil {
                    price = offered
                    if offered > held { maxima[user] = (offered, order) }
                    return .accepted(price: price)
                }
                guard amount > max(held, price) else { return .refused(.maximumNotRaised, currentPrice: price) }
                maxima[user] = (amount, order)
                return .accepted(price: price)
            }
            if amount > maxima[user]?.amount ?? Money(Int64.min) { maxima[user] = (amount, order) }
            let ranked = ranking()
            let top = ranked[0]
            let second = ranked.count > 1 ? ranked[1].amount : nil
            // Second-highest maximum plus one increment, capped at the highest maximum.
            let competitive = second.map { min(top.amount, $0 + increments.increment(at: $0)) }
            if top.user == user {
                price = max(offered, competitive ?? offered)
                leader = user
                return .accepted(price: price)
            }
            price = competitive ?? price
            return .refused(.outbidByProxy, currentPrice: price)
        }
    }

    @Test(arguments: 0..<40) func priceAndWinnerMatchTheReferenceAndPricesOnlyRise(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &* 7_919 &+ 1)
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        var model = Model(price: 10_000)
        var stepPrices: [Money] = []
        var disagreements: [String] = []
        var reasons: Set<RefusalReason> = []
        let users = 2 + Int.random(in: 0..<5, using: &generator)
        for order in 0..<150 {
            let user = UserID(rawValue: Int64(1 + Int.random(in: 0..<users, using: &generator)))
            guard let lot = book.lot(for: 1) else { break }
            let increment = IncrementTable.standard.increment(at: lot.price)
            // From the minimum the book states up: the rule itself is tested in `BidMinimumRuleTests`.
            let price = book.nextMinimum(of: lot) + Money(Int64.random(in: 0..<(2 * increment.minorUnits), using: &generator))
            // Maximums on a coarse grid half of the time, so that equal maximums (ties) are common.
            let maximum: Money? = switch Int.random(in: 0..<4, using: &generator) {
            case 0: price + Money(Int64.random(in: 0..<(12 * increment.minorUnits), using: &generator))
            case 1: max(price, Money((price.minorUnits / 2_000 + Int64.random(in: 0..<6, using: &generator)) * 2_000))
            default: nil
            }
            let decision = book.decide(Bid(productID: 1, price: price, maximum: maximum), bidder: user,
                                       now: EngineFixtures.at(Int64(order)))
            let expected = model.apply(user: user, price: price, maximum: maximum, order: order)
            if decision.outcome != expected {
                disagreements.append("bid \(order) by \(user) at \(price) max \(maximum.map(\.description) ?? "-"): "
                                     + "book \(decision.outcome), model \(expected)")
            }
            if case .refused(let reason, _) = decision.outcome { reasons.insert(reason) }
            stepPrices.append(contentsOf: decision.steps.map(\.price))
            book.confirm(decision)
        }
        #expect(disagreements.isEmpty, "seed \(seed): \(disagreements.prefix(3))")
        #expect(book.lot(for: 1)?.price == model.price)
        #expect(book.lot(for: 1)?.leader == model.ranking().first?.user)
        #expect(zip(stepPrices, stepPrices.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed): a step did not raise the price")
        #expect(stepPrices.allSatisfy { $0 >= 10_000 })
        #expect(reasons.contains(.outbidByProxy), "seed \(seed): no proxy ever answered")
    }

    @Test func withoutRaisesByTheLeaderTheFinalPriceIsTheSecondMaximumPlusOneIncrement() {
        // Each user bids once, by proxy, in a random order: the closed form holds exactly.
        var generator = SplitMix64(seed: 99)
        for _ in 0..<50 {
            var book = AuctionBook(products: EngineFixtures.products(count: 1))
            var maxima: [(user: UserID, amount: Money, order: Int)] = []
            for order in 0..<6 {
                let user = UserID(rawValue: Int64(order + 1))
                let amount = Money(20_000 + 1_000 * Int64.random(in: 0..<40, using: &generator))
                let price = book.lot(for: 1).map { book.nextMinimum(of: $0) } ?? 10_000
                guard amount >= price else { continue }
                _ = book.decide(Bid(productID: 1, price: price, maximum: amount), bidder: user, now: EngineFixtures.at(Int64(order)))
                maxima.append((user, amount, order))
            }
            let ranked = maxima.sorted { ($0.amount, -$0.order) > ($1.amount, -$1.order) }
            guard ranked.count >= 2 else { continue }
            let second = ranked[1].amount
            #expect(book.lot(for: 1)?.leader == ranked[0].user)
            #expect(book.lot(for: 1)?.price == min(ranked[0].amount, second + IncrementTable.standard.increment(at: second)))
        }
    }
}
