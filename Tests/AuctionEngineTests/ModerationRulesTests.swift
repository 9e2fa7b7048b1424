import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import Testing

/// Issue 23's pure rules: a reason's bounds and cleanliness, and the retraction replay's promises
/// (never above every remaining bid and maximum, never below the start, the leader holds the highest).
@Suite struct ModerationRulesTests {
    @Test func aReasonIsRequiredBoundedAndPrintable() throws {
        #expect(try ModerationReason("  counterfeit watch  ").text == "counterfeit watch")
        #expect(throws: ModerationReason.Refusal.missing) { try ModerationReason(nil) }
        #expect(throws: ModerationReason.Refusal.missing) { try ModerationReason("   ") }
        #expect(throws: ModerationReason.Refusal.tooLong) { try ModerationReason(String(repeating: "a", count: 281)) }
        #expect(throws: ModerationReason.Refusal.tooLong) { try ModerationReason(String(repeating: "é", count: 251)) }
        #expect(throws: ModerationReason.Refusal.unprintable) { try ModerationReason("red\u{1B}[31m") }
        #expect(throws: ModerationReason.Refusal.unprintable) { try ModerationReason("one\ntwo") }
        #expect(throws: ModerationReason.Refusal.unprintable) { try ModerationReason("\u{202E}reversed") }
        #expect(throws: ModerationReason.Refusal.unprintable) { try ModerationReason("csi\u{9B}") }
        #expect(try ModerationReason("中文 reason — ok").text == "中文 reason — ok")
    }

    @Test func aReplayOfNoBidsIsTheStartPriceWithNoLeader() {
        let outcome = RetractionReplay.replay([], startPrice: 1_000, minimumIncrement: nil, reserve: nil)
        #expect(outcome.price == 1_000 && outcome.leader == nil && !outcome.hasBids)
    }

    @Test func aProxyAboveAPlainBidLeadsOneIncrementAboveIt() {
        let ann = UserID(rawValue: 1), ben = UserID(rawValue: 2)
        let outcome = RetractionReplay.replay([BidPlacement(bidder: ann, price: 1_100, maximum: 5_000),
                                               BidPlacement(bidder: ben, price: 2_000)],
                                              startPrice: 1_000, minimumIncrement: nil, reserve: nil)
        #expect(outcome.leader == ann)
        #expect(outcome.price > 2_000 && outcome.price <= 5_000)
        #expect(outcome.leaderMaximum == 5_000)
    }

    /// 2,000 random histories, each with one placement left out: the replay never prices above every
    /// remaining bid and maximum, never below the start while a bid remains, and its leader placed one.
    @Test func aReplayKeepsItsPromisesOnRandomHistories() {
        var random = SplitMix64(seed: 23)
        for round in 0..<2_000 {
            var placements: [BidPlacement] = []
            var price: Int64 = 1_000
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                price += Int64.random(in: 1...4_000, using: &random)
                let maximum = Bool.random(using: &random) ? Money(price + Int64.random(in: 0...8_000, using: &random)) : nil
                placements.append(BidPlacement(bidder: UserID(rawValue: Int64.random(in: 1...5, using: &random)), price: Money(price),
                                               maximum: maximum))
            }
            placements.remove(at: Int.random(in: 0..<placements.count, using: &random))
            let outcome = RetractionReplay.replay(placements, startPrice: 1_000, minimumIncrement: nil, reserve: nil)
            let ceiling = placements.map { max($0.price, $0.maximum ?? $0.price) }.max() ?? Money(1_000)
            #expect(outcome.price <= ceiling, "round \(round)")
            #expect(outcome.price >= 1_000, "round \(round)")
            if let leader = outcome.leader {
                #expect(placements.contains { $0.bidder == leader }, "round \(round)")
            }
            #expect(outcome.hasBids == !placements.isEmpty || outcome.price == 1_000, "round \(round)")
        }
    }
}
