import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

@Suite struct RateLimiterTests {
    @Test func burstUpToCapacityThenLimited() {
        var limiter = RateLimiter<ConnectionID>(configuration: .perSecond(20))
        let now = EngineFixtures.start
        let granted = (0..<25).filter { _ in limiter.take(ConnectionID(1), now: now) }.count
        #expect(granted == 20)
        #expect(!limiter.allows(ConnectionID(1), now: now))
        #expect(limiter.allows(ConnectionID(2), now: now))
    }

    @Test func refillsEvenlyOverInjectedTime() {
        var limiter = RateLimiter<ConnectionID>(configuration: .perSecond(20))
        let key = ConnectionID(1)
        for _ in 0..<20 { _ = limiter.take(key, now: EngineFixtures.start) }
        #expect(limiter.retryAfterMilliseconds(key, now: EngineFixtures.start) == 50)
        #expect(!limiter.allows(key, now: EngineFixtures.at(49)))
        #expect(limiter.available(key, now: EngineFixtures.at(50)) == 1)
        #expect(limiter.available(key, now: EngineFixtures.at(500)) == 10)
        #expect(limiter.available(key, now: EngineFixtures.at(5_000)) == 20)
        let granted = limiter.take(key, now: EngineFixtures.at(50))
        #expect(granted)
        #expect(!limiter.allows(key, now: EngineFixtures.at(50)))
    }

    @Test func failedLoginsFiveAMinutePerNameThenRateLimited() {
        var byName = RateLimiter<String>(configuration: .perMinute(5))
        var failures = 0
        var time: Int64 = 0
        // A guesser tries every second; only failures cost a token.
        while byName.allows("alice", now: EngineFixtures.at(time)) {
            _ = byName.take("alice", now: EngineFixtures.at(time))
            failures += 1
            time += 1_000
        }
        #expect(failures == 5)
        #expect(time == 5_000)
        // A token comes back every 12 s, continuously: the 4 s between the first and the fifth guess
        // earned a third of one, so the next guess is allowed at 12 s.
        #expect(byName.retryAfterMilliseconds("alice", now: EngineFixtures.at(time)) == 7_000)
        #expect(!byName.allows("alice", now: EngineFixtures.at(11_999)))
        #expect(byName.allows("alice", now: EngineFixtures.at(12_000)))
        #expect(byName.allows("bob", now: EngineFixtures.at(time)))
    }

    @Test func forgottenAndPrunedKeysStartFull() {
        var limiter = RateLimiter<String>(configuration: .perSecond(2))
        _ = limiter.take("a", now: EngineFixtures.start)
        _ = limiter.take("b", now: EngineFixtures.start)
        _ = limiter.take("b", now: EngineFixtures.start)
        #expect(limiter.trackedKeys == 2)
        limiter.forget("b")
        #expect(limiter.available("b", now: EngineFixtures.start) == 2)
        limiter.prune(now: EngineFixtures.at(2_000))
        #expect(limiter.trackedKeys == 0)
    }

    @Test func trackedKeysStayBounded() {
        var limiter = RateLimiter<Int>(configuration: .init(capacity: 1, periodMilliseconds: 10, maximumKeys: 100))
        for key in 0..<1_000 { _ = limiter.take(key, now: EngineFixtures.at(Int64(key))) }
        #expect(limiter.trackedKeys <= 100)
        #expect(!limiter.allows(999, now: EngineFixtures.at(999)))
    }

    @Test func floodOfActiveKeysEvictsDownToHalfAndStaysBounded() {
        var limiter = RateLimiter<Int>(configuration: .init(capacity: 1, periodMilliseconds: 60_000, maximumKeys: 100))
        for key in 0..<1_000 { _ = limiter.take(key, now: EngineFixtures.start) }
        #expect(limiter.trackedKeys <= 100)
        #expect(limiter.trackedKeys >= 50)
        #expect(!limiter.allows(999, now: EngineFixtures.start))
    }

    @Test func clockGoingBackwardsGrantsNothingExtra() {
        var limiter = RateLimiter<Int>(configuration: .perSecond(1))
        _ = limiter.take(1, now: EngineFixtures.at(10_000))
        #expect(!limiter.allows(1, now: EngineFixtures.at(0)))
    }
}
