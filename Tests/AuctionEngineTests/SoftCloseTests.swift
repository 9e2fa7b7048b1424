import AuctionTestSupport
import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import Testing

/// Soft close: a step in the last window before the end moves the end (anti-sniping).
@Suite struct SoftCloseTests {
    private let alice = UserID(rawValue: 1)
    private let bob = UserID(rawValue: 2)
    private let end = EngineFixtures.at(600_000)

    /// One product at 10,000 ending at `end`, 60 s window, 120 s extension unless told otherwise.
    private func book(_ softClose: SoftClose = .standard, override: SoftClose? = nil) -> AuctionBook {
        AuctionBook(products: EngineFixtures.products(count: 1, endsAt: end),
                    terms: [1: AuctionTerms(softClose: override)], softClose: softClose)
    }

    private func bid(_ price: Money, max maximum: Money? = nil) -> Bid {
        Bid(productID: 1, price: price, maximum: maximum)
    }

    @Test func aStepInTheWindowMovesTheEndToNowPlusTheExtension() {
        var book = book()
        let now = end.adding(milliseconds: -30_000)
        let decision = book.decide(bid(11_000), bidder: alice, now: now)
        #expect(decision.endsAt == now.adding(milliseconds: 120_000))
        #expect(book.lot(for: 1)?.endsAt == now.adding(milliseconds: 120_000))
        #expect(book.lot(for: 1)?.extensions == 1)
        #expect(book.nextEndTime == now.adding(milliseconds: 120_000))
    }

    @Test func aStepBeforeTheWindowLeavesTheEnd() {
        var book = book()
        let decision = book.decide(bid(11_000), bidder: alice, now: end.adding(milliseconds: -60_001))
        #expect(decision.endsAt == nil)
        #expect(book.lot(for: 1)?.endsAt == end)
        #expect(book.lot(for: 1)?.extensions == 0)
    }

    @Test func theEndNeverMovesBackwards() {
        // A window longer than the extension: an early step in it would move the end earlier.
        var book = book(SoftClose(window: 300_000, extendBy: 60_000))
        let decision = book.decide(bid(11_000), bidder: alice, now: end.adding(milliseconds: -200_000))
        #expect(decision.endsAt == nil)
        #expect(book.lot(for: 1)?.endsAt == end)
        #expect(book.lot(for: 1)?.extensions == 0)
    }

    @Test func extensionsStopAtTheLimit() {
        var book = book(SoftClose(window: 60_000, extendBy: 120_000, maxExtensions: 2))
        var now = end.adding(milliseconds: -10_000)
        var ends: [Timestamp?] = []
        for price in [Money(11_000), 12_000, 13_000] {
            ends.append(book.decide(bid(price), bidder: alice, now: now).endsAt)
            now = (book.lot(for: 1)?.endsAt ?? now).adding(milliseconds: -10_000)
        }
        #expect(ends.compactMap { $0 }.count == 2)
        #expect(ends.last == .some(nil))
        #expect(book.lot(for: 1)?.extensions == 2)
    }

    @Test func aZeroWindowOrExtensionDisablesIt() {
        for rules in [SoftClose(window: 0, extendBy: 120_000), SoftClose(window: 60_000, extendBy: 0), .disabled] {
            var book = book(rules)
            #expect(book.decide(bid(11_000), bidder: alice, now: end.adding(milliseconds: -1)).endsAt == nil)
        }
    }

    @Test func aProductsOwnRulesReplaceTheServers() {
        var book = book(.disabled, override: SoftClose(window: 10_000, extendBy: 30_000))
        let now = end.adding(milliseconds: -5_000)
        #expect(book.decide(bid(11_000), bidder: alice, now: now).endsAt == now.adding(milliseconds: 30_000))
    }

    @Test func aProxyAnswerExtendsToo() {
        var book = book()
        _ = book.decide(bid(10_100, max: 50_000), bidder: alice, now: EngineFixtures.start)
        let now = end.adding(milliseconds: -1_000)
        let decision = book.decide(bid(20_000), bidder: bob, now: now)
        #expect(decision.outcome == .refused(.outbidByProxy, currentPrice: 20_500))
        #expect(decision.endsAt == now.adding(milliseconds: 120_000))
    }

    @Test func anExtendedLotClosesAtItsNewEndOnly() throws {
        var book = book()
        let now = end.adding(milliseconds: -1_000)
        let decision = book.decide(bid(11_000), bidder: alice, now: now)
        book.confirm(decision)
        #expect(book.closeDue(now: end).isEmpty)
        let late = book.decide(bid(12_000), bidder: bob, now: end)
        #expect(late.outcome == .accepted(price: 12_000))
        #expect(late.endsAt == nil)  // 119 s before the moved end: outside the window
        book.confirm(late)
        let newEnd = try #require(book.lot(for: 1)?.endsAt)
        #expect(newEnd == end.adding(milliseconds: 119_000))
        book.confirm(book.decide(bid(12_500), bidder: alice, now: newEnd.adding(milliseconds: -1)).steps)
        #expect(book.closeDue(now: newEnd).isEmpty)
        let finalEnd = try #require(book.nextEndTime)
        #expect(finalEnd == newEnd.adding(milliseconds: 119_999))
        #expect(book.closeDue(now: finalEnd).map(\.winner) == [alice])
        #expect(book.nextEndTime == nil)
    }

    @Test func aFailedExtendingStepRestoresTheEndAndCount() {
        var book = book()
        let decision = book.decide(bid(11_000), bidder: alice, now: end.adding(milliseconds: -1_000))
        #expect(book.lot(for: 1)?.extensions == 1)
        book.revert(decision)
        #expect(book.lot(for: 1)?.endsAt == end)
        #expect(book.lot(for: 1)?.extensions == 0)
        #expect(book.nextEndTime == end)
        #expect(book.closeDue(now: end).map(\.productID) == [1])
    }

    @Test func restoredExtensionsCountTowardsTheLimit() {
        var book = AuctionBook(products: EngineFixtures.products(count: 1, endsAt: end),
                               terms: [1: AuctionTerms(extensions: 3)],
                               softClose: SoftClose(window: 60_000, extendBy: 120_000, maxExtensions: 3))
        #expect(book.decide(bid(11_000), bidder: alice, now: end.adding(milliseconds: -1)).endsAt == nil)
    }

    @Test(arguments: [SoftClose.standard, SoftClose(window: 90_000, extendBy: 30_000, maxExtensions: 5)])
    func underRandomBidsTheEndOnlyMovesLaterAndEachMoveIsCounted(rules: SoftClose) {
        var generator = SplitMix64(seed: 5)
        var book = book(rules)
        var now = end.adding(milliseconds: -200_000)
        var lastEnd = end
        var moves = 0
        var backwards = 0
        for _ in 0..<500 {
            guard let lot = book.lot(for: 1), let current = lot.endsAt, now < current else { break }
            let user = UserID(rawValue: Int64(1 + Int.random(in: 0..<4, using: &generator)))
            let price = lot.price + Money(Int64(1 + Int.random(in: 0..<1_000, using: &generator)))
            let maximum: Money? = Bool.random(using: &generator) ? price + Money(Int64.random(in: 0..<5_000, using: &generator)) : nil
            let decision = book.decide(Bid(productID: 1, price: price, maximum: maximum), bidder: user, now: now)
            book.confirm(decision)
            let newEnd = book.lot(for: 1)?.endsAt ?? current
            if newEnd < lastEnd { backwards += 1 }
            if let moved = decision.endsAt {
                moves += 1
                if moved != newEnd || moved <= lastEnd { backwards += 1 }
            }
            lastEnd = newEnd
            now = now.adding(milliseconds: Int64(1 + Int.random(in: 0..<20_000, using: &generator)))
        }
        #expect(backwards == 0)
        #expect(moves > 0, "moves \(moves)")
        #expect(book.lot(for: 1)?.extensions == moves)
        if let cap = rules.maxExtensions { #expect(moves <= cap) }
        #expect(book.closeDue(now: lastEnd).map(\.finalPrice) == [book.lot(for: 1)?.price ?? 0])
    }
}
