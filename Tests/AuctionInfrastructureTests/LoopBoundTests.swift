import AuctionTestSupport
import Testing

@testable import AuctionInfrastructure

/// `LoopBound`: a value handed to a loop and used there, with the confinement checked.
@Suite struct LoopBoundTests {
    /// A counter that is not `Sendable`: only `LoopBound` lets it cross to the loop.
    private final class Counter {
        var count = 0
    }

    @Test func aValueHandedToTheLoopIsUsableThereAndKeepsItsChanges() async throws {
        let loop = try EventLoop.spawn(name: "test-bound")
        defer { loop.shutdown() }
        let bound = LoopBound(handingOver: Counter(), to: loop)
        let result = Latch<(Int, Bool)>()
        loop.execute {
            let local = bound
            local.value.count += 2
            let onLoop = LoopBound(local.value, on: loop)
            result.fulfil((onLoop.value.count, loop.inEventLoop))
        }
        let (count, onLoop) = await offPool { result.wait() }
        #expect(count == 2)
        #expect(onLoop)
        #expect(!loop.inEventLoop)
    }

    @Test func timersScheduledFromAnotherThreadRunOnTheLoop() async throws {
        let loop = try EventLoop.spawn(name: "test-timer")
        defer { loop.shutdown() }
        let fired = Latch<Bool>()
        // `schedule` from another thread takes a `@Sendable` closure: the counter crosses bound to the loop.
        let counter = LoopBound(handingOver: Counter(), to: loop)
        loop.schedule(afterMilliseconds: 0) {
            counter.value.count += 1
            fired.fulfil(loop.inEventLoop)
        }
        #expect(await offPool { fired.wait(milliseconds: 30_000) } == true)
    }
}
