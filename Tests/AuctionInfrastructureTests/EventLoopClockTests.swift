import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// The loop's timers run on its injected clock: a manual clock advanced by hand runs the timers that
/// became due, on the loop thread, and none before.
@Suite struct EventLoopClockTests {
    /// Polls `condition` every 10 ms for up to 10 s.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1_000 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
        return condition()
    }

    /// Returns once the loop has run one more iteration's tasks.
    private func roundTrip(_ loop: EventLoop) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in loop.execute { done.resume() } }
    }

    @Test func advancingAManualClockRunsTheTimersThatBecameDueOnTheLoop() async throws {
        let clock = ManualClock()
        let loop = try EventLoop.spawn(name: "manual-clock", clock: clock)
        defer { loop.shutdown() }
        let fired = Mutex<[Int]>([])
        let offLoop = Mutex(false)
        loop.execute {
            loop.schedule(afterMilliseconds: 1_000) {
                fired.withLock { $0.append(1) }
                if !loop.inEventLoop { offLoop.withLock { $0 = true } }
            }
            loop.schedule(afterMilliseconds: 5_000) { fired.withLock { $0.append(5) } }
        }
        await roundTrip(loop)
        #expect(loop.now() == clock.monotonicMilliseconds())

        // While the clock stands still (or moves short of a deadline) nothing fires.
        clock.advance(milliseconds: 999)
        await roundTrip(loop)
        await roundTrip(loop)
        #expect(fired.withLock { $0 }.isEmpty)

        // Each advance runs exactly the timers that became due.
        clock.advance(milliseconds: 1)
        #expect(await eventually { fired.withLock { $0 } == [1] })
        clock.advance(milliseconds: 3_999)
        await roundTrip(loop)
        await roundTrip(loop)
        #expect(fired.withLock { $0 } == [1])
        clock.advance(milliseconds: 1)
        #expect(await eventually { fired.withLock { $0 } == [1, 5] })
        #expect(!offLoop.withLock { $0 })
    }

    @Test func manualClockMovesWallAndMonotonicTimeTogether() {
        let clock = ManualClock()
        let (wall, monotonic) = (clock.wallMilliseconds(), clock.monotonicMilliseconds())
        clock.advance(milliseconds: 2_500)
        #expect(clock.wallMilliseconds() == wall + 2_500)
        #expect(clock.monotonicMilliseconds() == monotonic + 2_500)
        clock.advance(milliseconds: -1_000)  // the time of day set back: monotonic time never goes back
        #expect(clock.wallMilliseconds() == wall + 1_500)
        #expect(clock.monotonicMilliseconds() == monotonic + 2_500)
    }
}
