import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

@Suite struct AuctionBookCommitTests {
    private func accept(_ price: Money, by bidder: Int64, on book: inout AuctionBook, product: ProductID = 1) -> AcceptedBid? {
        let decision = book.decide(Bid(productID: product, price: price), bidder: UserID(rawValue: bidder), now: EngineFixtures.start)
        return decision.steps.first
    }

    @Test func revertOfCurrentBidRestoresPriceLeaderAndPushesTheFall() throws {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        let first = try #require(accept(11_000, by: 1, on: &book))
        book.confirm([first])
        let second = try #require(accept(12_000, by: 2, on: &book))

        let correction = book.revert(second)

        #expect(correction == PriceUpdate(productID: 1, price: 11_000, change: -1_000, direction: .down, auctionDate: "2023-02-11"))
        #expect(book.lot(for: 1)?.price == 11_000)
        #expect(book.lot(for: 1)?.lastChange == 1_000)
        #expect(book.lot(for: 1)?.leader == UserID(rawValue: 1))
        #expect(book.lot(for: 1)?.hasUncommittedBids == false)
    }

    @Test func revertOfOvertakenBidKeepsTheHigherPrice() throws {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        let failed = try #require(accept(11_000, by: 1, on: &book))
        let later = try #require(accept(12_000, by: 2, on: &book))

        #expect(book.revert(failed) == nil)
        #expect(book.lot(for: 1)?.price == 12_000)

        book.confirm([later])
        #expect(book.lot(for: 1)?.price == 12_000)
        #expect(book.lot(for: 1)?.leader == UserID(rawValue: 2))
    }

    @Test func laterFailureAfterOvertakenFailureFallsBackPastBoth() throws {
        // Group one (11,000) fails while group two (12,000) is in flight; then group two fails too.
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        let groupOne = try #require(accept(11_000, by: 1, on: &book))
        let groupTwo = try #require(accept(12_000, by: 2, on: &book))

        #expect(book.revert(groupOne) == nil)
        let correction = book.revert(groupTwo)

        // Never back to 11,000: that bid was never stored.
        #expect(correction?.price == 10_000)
        #expect(correction?.change == -2_000)
        #expect(book.lot(for: 1)?.price == 10_000)
        #expect(book.lot(for: 1)?.leader == nil)
    }

    @Test func revertOfWholeGroupInAnyOrderRestoresTheStateBeforeIt() throws {
        var book = AuctionBook(products: EngineFixtures.products(count: 2))
        let kept = try #require(accept(10_500, by: 9, on: &book))
        book.confirm([kept])
        var group: [AcceptedBid] = []
        for (index, price) in [Money(11_000), 11_500, 12_000].enumerated() {
            group.append(try #require(accept(price, by: Int64(index), on: &book)))
        }
        group.append(try #require(accept(20_000, by: 5, on: &book, product: 2)))

        let corrections = book.revert(group)

        #expect(corrections.count == 2)
        #expect(corrections.first { $0.productID == 1 }?.change == -1_500)
        #expect(corrections.first { $0.productID == 1 }?.price == 10_500)
        #expect(corrections.first { $0.productID == 2 }?.price == 10_000)
        #expect(book.lot(for: 1)?.leader == UserID(rawValue: 9))

        var shuffledBook = AuctionBook(products: EngineFixtures.products(count: 1))
        let a = try #require(accept(11_000, by: 1, on: &shuffledBook))
        let b = try #require(accept(12_000, by: 2, on: &shuffledBook))
        let c = try #require(accept(13_000, by: 3, on: &shuffledBook))
        for bid in [b, a, c] { shuffledBook.revert(bid) }
        #expect(shuffledBook.lot(for: 1)?.price == 10_000)
    }

    @Test func resultsOutOfOrderKeepTheChainOfStoredPrices() throws {
        // 11,000 is unresolved, 12,000 committed, 13,000 unresolved; then both unresolved ones fail.
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        let first = try #require(accept(11_000, by: 1, on: &book))
        let stored = try #require(accept(12_000, by: 2, on: &book))
        let last = try #require(accept(13_000, by: 3, on: &book))
        book.confirm([stored])
        #expect(book.lot(for: 1)?.hasUncommittedBids == true)

        #expect(book.revert(first) == nil)
        #expect(book.revert(stored) == nil)
        #expect(book.revert(last)?.price == 12_000)
        #expect(book.lot(for: 1)?.leader == UserID(rawValue: 2))
        // The change stays what the stored bid was accepted (and pushed, and stored) with.
        #expect(book.lot(for: 1)?.lastChange == 1_000)
        #expect(book.lot(for: 1)?.hasUncommittedBids == false)
    }

    @Test func confirmedBidCannotBeReverted() throws {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        let bid = try #require(accept(11_000, by: 1, on: &book))
        book.confirm([bid])
        #expect(book.revert(bid) == nil)
        #expect(book.lot(for: 1)?.price == 11_000)
    }

    @Test func bidAfterRevertIsJudgedAgainstRestoredPrice() throws {
        var book = AuctionBook(products: EngineFixtures.products(count: 1))
        let bid = try #require(accept(15_000, by: 1, on: &book))
        #expect(book.decide(Bid(productID: 1, price: 12_000), bidder: nil, now: EngineFixtures.start).outcome
            == .refused(.priceTooLow, currentPrice: 15_000))
        book.revert(bid)
        #expect(book.decide(Bid(productID: 1, price: 12_000), bidder: nil, now: EngineFixtures.start).outcome
            == .accepted(price: 12_000))
    }
}
