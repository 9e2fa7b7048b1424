import AuctionInfrastructure
import Testing

@Suite struct CorrelationTableTests {
    @Test func completesARegisteredRequestOnce() {
        var table = CorrelationTable<String>()
        let id = table.register("bid", deadline: 100)
        #expect(id == 0)
        guard case .succeed(let pending) = table.complete(0) else {
            Issue.record("expected succeed")
            return
        }
        #expect(pending == "bid")
        guard case .notFound = table.complete(0) else {
            Issue.record("a second completion must not find the request")
            return
        }
        #expect(table.isEmpty)
    }

    @Test func unknownIdsAreNotFound() {
        var table = CorrelationTable<Int>()
        _ = table.register(1, deadline: 10)
        guard case .notFound = table.complete(99) else {
            Issue.record("expected notFound")
            return
        }
        #expect(table.count == 1)
    }

    @Test func expiresOnlyRequestsPastTheirDeadlineEarliestFirst() {
        var table = CorrelationTable<String>()
        let late = table.register("late", deadline: 300)
        let early = table.register("early", deadline: 100)
        let middle = table.register("middle", deadline: 200)
        #expect(table.nextDeadline() == 100)
        #expect(table.expire(now: 99).isEmpty)
        let expired = table.expire(now: 200)
        #expect(expired.map(\.id) == [early, middle].compactMap { $0 })
        #expect(expired.map(\.pending) == ["early", "middle"])
        #expect(table.isPending(late ?? -1))
        #expect(table.nextDeadline() == 300)
    }

    @Test func completedRequestsDoNotExpire() {
        var table = CorrelationTable<Int>()
        let id = table.register(7, deadline: 10) ?? -1
        _ = table.complete(id)
        #expect(table.expire(now: 1_000).isEmpty)
        #expect(table.nextDeadline() == nil)
    }

    @Test func expiredRequestsCannotBeCompletedLater() {
        var table = CorrelationTable<Int>()
        let id = table.register(7, deadline: 10) ?? -1
        #expect(table.expire(now: 10).count == 1)
        guard case .notFound = table.complete(id) else {
            Issue.record("a late reply must not find an expired request")
            return
        }
    }

    @Test func failAllReturnsEverythingPendingAndEmptiesTheTable() {
        var table = CorrelationTable<Int>()
        for value in 0..<5 { _ = table.register(value, deadline: Int64(value)) }
        _ = table.complete(2)
        #expect(table.failAll().map(\.pending) == [0, 1, 3, 4])
        #expect(table.isEmpty)
        #expect(table.expire(now: .max).isEmpty)
    }

    @Test func idsWrapAtTheMaximumWithoutTrapping() {
        var table = CorrelationTable<Int>(firstID: Int64(Int32.max) - 1)
        let a = table.register(1, deadline: 0)
        let b = table.register(2, deadline: 0)
        let c = table.register(3, deadline: 0)
        #expect([a, b, c] == [Int64(Int32.max) - 1, Int64(Int32.max), 0])
    }

    @Test func wrappedIdsSkipIdsStillPending() {
        var table = CorrelationTable<Int>(maximumID: 3)
        let first = (0..<4).compactMap { table.register($0, deadline: 0) }
        #expect(first == [0, 1, 2, 3])
        _ = table.complete(2)
        #expect(table.register(9, deadline: 0) == 2)
        #expect(table.register(10, deadline: 0) == nil)
        _ = table.complete(0)
        _ = table.complete(3)
        #expect(table.register(11, deadline: 0) == 3)
        #expect(table.register(12, deadline: 0) == 0)
    }

    @Test func idsStayUniqueAcrossManyCyclesAndStaleDeadlinesAreCompacted() {
        var table = CorrelationTable<Int>(maximumID: 1_000)
        var live: Set<Int64> = []
        var rng = SplitMix64(seed: 7)
        for round in 0..<50_000 {
            if live.count < 500, let id = table.register(round, deadline: Int64(round) + 1_000_000) {
                #expect(!live.contains(id))
                live.insert(id)
            }
            if !live.isEmpty && Int.random(in: 0..<3, using: &rng) == 0, let victim = live.randomElement(using: &rng) {
                live.remove(victim)
                guard case .succeed = table.complete(victim) else {
                    Issue.record("pending id \(victim) was lost")
                    return
                }
            }
            #expect((0...1_000).contains(table.count))
        }
        #expect(table.count == live.count)
        #expect(table.expire(now: .max).count == live.count)
    }
}
