@testable import AuctionInfrastructure
import Testing

@Suite struct HeartbeatScheduleTests {
    @Test func sendsOnlyAfterAQuietIntervalAndOneAtATime() {
        var schedule = HeartbeatSchedule(intervalMilliseconds: 1_000)
        schedule.start(at: 10_000)
        #expect(schedule.step(at: 10_400) == .wait(600))
        schedule.heard(at: 10_900)
        #expect(schedule.step(at: 11_000) == .wait(900), "a frame arrived: quiet only since then")
        #expect(schedule.step(at: 11_900) == .send)
        schedule.sent(7)
        #expect(schedule.step(at: 13_000) == .wait(1_000), "one heartbeat at a time")
        schedule.settled()
        #expect(schedule.step(at: 13_000) == .send)
    }

    @Test func clockArithmeticNeverTraps() {
        var schedule = HeartbeatSchedule(intervalMilliseconds: 0)
        #expect(schedule.intervalMilliseconds == 1)
        schedule.start(at: Int64.min)
        #expect(schedule.step(at: Int64.max) == .send)
        schedule.start(at: 5)
        #expect(schedule.step(at: 0) == .wait(1))
    }
}
