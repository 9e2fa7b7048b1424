@testable import AuctionInfrastructure
import Glibc
import Testing

/// Issue 37: the lock's timed waits count on `CLOCK_MONOTONIC`, so a wall-clock step backwards does
/// not stretch them. Stepping the machine's clock is not for a test, so this reads what glibc recorded:
/// bit 1 of the condition's `__wrefs` is its clock (0 realtime, 1 monotonic; glibc's `pthread_cond_common.c`).
@Suite struct ConditionLockClockTests {
    @Test func timedWaitsAreOnTheMonotonicClock() {
        let lock = ConditionLock()
        #expect(lock.condition.pointee.__data.__wrefs & 2 != 0)
        #expect(ConditionLock.waitClock == CLOCK_MONOTONIC)
    }

    @Test func aTimedWaitStillTimesOut() {
        let lock = ConditionLock()
        #expect(lock.withLock { lock.wait(milliseconds: 0) } == false)
    }
}
