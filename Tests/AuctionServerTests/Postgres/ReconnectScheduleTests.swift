import AuctionInfrastructure
@testable import AuctionServer
import Testing

/// Every PostgreSQL reconnect loop of a node waits by one schedule: the pause doubles to a cap, part
/// of it is random, a success starts over, and schedules with different seeds do not move in lockstep.
@Suite struct ReconnectScheduleTests {
    @Test func thePauseDoublesToTheCapAndNoAttemptIsDueBeforeIt() {
        var schedule = ReconnectSchedule(ReconnectBackoff(initialMilliseconds: 100, maximumMilliseconds: 1_000, jitter: 0), seed: 1)
        #expect(schedule.isDue(at: 0))
        let pauses = (0..<6).map { _ in schedule.failed(at: 10_000) }
        #expect(pauses == [100, 200, 400, 800, 1_000, 1_000])
        #expect(schedule.failures == 6)
        #expect(schedule.retryAt == 11_000)
        #expect(!schedule.isDue(at: 10_999))
        #expect(schedule.isDue(at: 11_000))
    }

    @Test func aSuccessStartsOverFromTheFirstPause() {
        var schedule = ReconnectSchedule(ReconnectBackoff(initialMilliseconds: 100, maximumMilliseconds: 5_000, jitter: 0), seed: 1)
        for _ in 0..<4 { schedule.failed(at: 0) }
        schedule.succeeded()
        #expect(schedule.failures == 0)
        #expect(schedule.isDue(at: 0))
        #expect(schedule.failed(at: 0) == 100)
    }

    @Test func theRandomPartStaysWithinTheJitter() {
        for seed in UInt64(1)...200 {
            var schedule = ReconnectSchedule(ReconnectBackoff(initialMilliseconds: 1_000, maximumMilliseconds: 4_000, jitter: 0.5), seed: seed)
            for base in [Int64(1_000), 2_000, 4_000, 4_000] {
                let pause = schedule.failed(at: 0)
                #expect(pause >= base / 2 && pause <= base, "seed \(seed): \(pause) ms for a \(base) ms base")
            }
        }
    }

    @Test func nodesThatLostTheServerTogetherComeBackSpreadOut() {
        // Twenty nodes see the same restart at the same instant; each retries at its own time.
        let retries = (UInt64(1)...20).map { seed -> Int64 in
            var schedule = ReconnectSchedule(PostgresOptions().reconnect, seed: seed)
            for _ in 0..<8 { schedule.failed(at: 50_000) }  // at the 5 s cap by now
            return schedule.retryAt
        }
        #expect(Set(retries).count >= 15)
        #expect(retries.max()! - retries.min()! >= 1_000)  // spread over at least a fifth of the pause
        #expect(retries.allSatisfy { $0 >= 50_000 + 2_500 && $0 <= 50_000 + 5_000 })
    }
}
