import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog
import Testing

/// The replay accepts every log the engine can write: random auctions (plain and proxy bids, the
/// reserve, buy-now, soft close with a limit, sellers' increments) decided by `AuctionBook` and
/// logged as the house logs them, each verified.
@Suite struct LotLogReplayEngineTests {
    private static let start = Timestamp(millisecondsSinceEpoch: 1_764_800_000_000)

    /// One random auction's log, as entries.
    private func auction(seed: UInt64) -> [LotLogEntry] {
        var random = SplitMix64(seed: seed)
        let id = ProductID(5)
        let startPrice = Money(Int64.random(in: 1...3_000, using: &random))
        let reserve = Bool.random(using: &random) ? startPrice + Money(Int64.random(in: 0...20_000, using: &random)) : nil
        let buyNow = Int.random(in: 0..<4, using: &random) == 0 ? startPrice + Money(Int64.random(in: 0...3_000, using: &random)) : nil
        let increment = Bool.random(using: &random) ? nil : Money(Int64.random(in: 1...200, using: &random))
        let softClose = SoftClose(window: 60_000, extendBy: 120_000, maxExtensions: Bool.random(using: &random) ? 3 : nil)
        let end = Self.start.adding(milliseconds: 600_000)
        let product = Product(id: id, name: "", startPrice: startPrice, currentPrice: startPrice, lastChange: .zero, direction: .unchanged,
                              auctionDate: "", endsAt: end, minimumIncrement: increment)
        var book = AuctionBook(products: [product], terms: [id: AuctionTerms(reserve: reserve, buyNow: buyNow, softClose: softClose)])
        let nonce = [UInt8](repeating: UInt8(truncatingIfNeeded: seed), count: 16)
        let terms = LotLogTerms(startPrice: startPrice, endsAt: end, buyNow: buyNow, minimumIncrement: increment,
                                extendWindowMilliseconds: softClose.window, extendByMilliseconds: softClose.extendBy,
                                maximumExtensions: softClose.maxExtensions.map(Int64.init),
                                reserveCommitment: reserve.map { RevealedReserve(price: $0, nonce: nonce).commitment })
        var entries = [LotLogEntry(lot: id, seq: 1, time: Self.start, event: .listed(terms, price: startPrice, bidCount: 0))]
        func append(_ event: LotLogEvent, at time: Timestamp) {
            entries.append(LotLogEntry(lot: id, seq: UInt64(entries.count + 1), time: time, event: event))
        }
        func alias(_ user: UserID?) -> LotAlias {
            user.map { LotAlias(bytes: [UInt8(truncatingIfNeeded: $0.rawValue)] + [UInt8](repeating: 0xee, count: 7))! } ?? .nobody
        }
        var now = Self.start
        var bidCount: Int64 = 0
        for _ in 0..<Int.random(in: 0...80, using: &random) {
            now = now.adding(milliseconds: Int64.random(in: 0...20_000, using: &random))
            guard let lot = book.lot(for: id), !lot.isClosed, !lot.isBought else { break }
            let user = UserID(rawValue: Int64.random(in: 1...4, using: &random))
            let minimum = BidMinimum.next(price: lot.price, hasBids: lot.hasBids, minimumIncrement: increment)
            let decision: BidDecision
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                decision = book.buyNow(productID: id, buyer: user, now: now)
            case 1...4:
                let price = minimum + Money(Int64.random(in: -20...300, using: &random))
                decision = book.decide(Bid(productID: id, price: max(Money(1), price)), bidder: user, now: now)
            default:
                let price = minimum + Money(Int64.random(in: 0...100, using: &random))
                let maximum = price + Money(Int64.random(in: 0...3_000, using: &random))
                decision = book.decide(Bid(productID: id, price: price, maximum: maximum), bidder: user, now: now)
            }
            book.confirm(decision)
            let bought = book.lot(for: id)?.isBought == true
            for step in decision.steps {
                bidCount += 1
                // As the server logs it: an automatic step names the placement it answered.
                let challenge = step.isAutomatic ? step.placement.map { LotLogChallenge(bidder: alias($0.bidder), price: $0.price) } : nil
                append(.bid(LotLogBid(bidSeq: bidCount, price: step.price, previousPrice: step.previousPrice, bidder: alias(step.bidder),
                                      isAutomatic: step.isAutomatic, answering: challenge)), at: step.acceptedAt)
            }
            if !bought, let moved = decision.endsAt, let count = decision.extensions {
                append(.extended(endsAt: moved, extensions: Int64(count)), at: now)
            }
        }
        for closing in book.closeDue(now: end.adding(milliseconds: 10_000_000)) {
            append(.closed(LotLogClose(finalPrice: closing.finalPrice, winner: closing.winner.map(alias), reserveMet: closing.reserveMet ?? true,
                                       bought: closing.bought, reserve: reserve.map { RevealedReserve(price: $0, nonce: nonce) })),
                   at: closing.endedAt)
        }
        return entries
    }

    @Test(arguments: 1...300) func everyAuctionTheEngineRunsReplays(seed: UInt64) throws {
        let entries = auction(seed: seed)
        var replay = LotLogReplay()
        do {
            for entry in entries { try replay.apply(entry) }
            try replay.finish()
        } catch {
            let listing = entries.map { entry in "\(entry.seq) \(entry.event)" }.joined(separator: "\n")
            Issue.record("seed \(seed): \(error)\n\(listing)")
        }
        #expect(entries.count > 1)
        if case .closed = replay.status {} else { Issue.record("seed \(seed): the auction did not close") }
    }

    @Test func theRandomAuctionsCoverProxiesExtensionsBuysAndUnmetReserves() {
        var automatic = 0, extended = 0, bought = 0, unmet = 0
        for seed in UInt64(1)...300 {
            for entry in auction(seed: seed) {
                switch entry.event {
                case .bid(let bid) where bid.isAutomatic: automatic += 1
                case .extended: extended += 1
                case .closed(let close): if close.bought { bought += 1 } else if !close.reserveMet { unmet += 1 }
                default: break
                }
            }
        }
        #expect(automatic > 0 && extended > 0 && bought > 0 && unmet > 0, "\(automatic) \(extended) \(bought) \(unmet)")
    }
}
