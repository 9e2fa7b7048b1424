import AuctionBidding
import AuctionCore
import AuctionEngine
import Testing

/// Hundreds of rounds of bids on a few lots, each commit stored, lost or refused at random: after every
/// round each request has had exactly one answer, and the book, the counts and the seqs agree with what
/// was answered as stored.
@Suite struct BidPathRoundsTests {
    /// A small deterministic generator (xorshift), so a failure repeats.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    @Test(arguments: [1, 2, 3])
    func everyRequestIsAnsweredOnceAndTheBookFollowsWhatWasStored(seed: UInt64) {
        var fixture = BidPathFixture(lots: 3, bidsPerSecond: 1_000_000)
        var random = Generator(state: 0x9E37_79B9_7F4A_7C15 &* seed)
        var stored: [ProductID: Money] = [1: 1_000, 2: 1_000, 3: 1_000], acceptedCount: [ProductID: Int64] = [:]
        var next = 0
        for round in 0..<300 {
            var asked = Set<Int>(), answers: [Int: Int] = [:]
            for _ in 0..<(1 + random.next(6)) {
                next += 1
                asked.insert(next)
                let lot = 1 + random.next(3)
                let current = fixture.path.book.lot(for: ProductID(lot))?.price ?? 1_000
                let price = current + Money(Int64(random.next(4) * 100))  // sometimes too low: refused at once
                let user = UserID(rawValue: Int64(1 + random.next(3)))
                let actions = fixture.bid(price, on: lot, by: user, connection: next)
                for reply in actions.replies { answers[reply.target.connection.rawValue, default: 0] += 1 }
            }
            let results = BidPathFixture.outcomes(of: fixture.path.takeRound()) { _ in random.next(5) != 0 }
            let returned = fixture.path.returned(results, now: fixture.now)
            for reply in returned.replies { answers[reply.target.connection.rawValue, default: 0] += 1 }
            for (batch, outcome) in results where outcome.isCommitted {
                for item in batch {
                    for step in item.decision.steps {
                        stored[step.productID] = step.price
                        acceptedCount[step.productID, default: 0] += 1
                    }
                }
            }
            #expect(answers.keys.sorted() == asked.sorted(), "round \(round): every request answered")
            #expect(answers.values.allSatisfy { $0 == 1 }, "round \(round): none answered twice")
            #expect(fixture.path.commitsInFlight == 0, "round \(round)")
            for id in [ProductID(1), 2, 3] {
                #expect(fixture.path.book.lot(for: id)?.price == stored[id], "round \(round): lot \(id) holds what was stored")
                #expect(fixture.sequences.known(of: id) == acceptedCount[id] ?? 0, "round \(round): lot \(id)'s seq")
            }
            fixture.now = fixture.now.adding(milliseconds: 10)
        }
        #expect(fixture.path.counts.accepted == acceptedCount.values.reduce(0) { $0 + Int($1) })
    }
}
