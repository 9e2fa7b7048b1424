import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

@Suite struct EventLoopTests {
    @Test func executeRunsOnTheLoopThread() async throws {
        let loop = try EventLoop.spawn(name: "test-execute")
        defer { loop.shutdown() }
        #expect(!loop.inEventLoop)
        let onLoop = await awaitOnLoop(loop) { done in done(loop.inEventLoop) }
        #expect(onLoop == true)
    }

    @Test func executeFromManyThreadsRunsEveryJobExactlyOnce() async throws {
        let loop = try EventLoop.spawn(name: "test-threads")
        defer { loop.shutdown() }
        let threads = 8
        let jobsPerThread = 5_000
        let counts = Mutex([Int](repeating: 0, count: threads * jobsPerThread))
        let finished = Mutex(0)
        var handles: [pthread_t] = []
        let context = HandedOver((loop, counts, jobsPerThread))
        for index in 0..<threads {
            let argument = Unmanaged.passRetained(ThreadArgument(index: index, body: { index in
                let (loop, counts, jobsPerThread) = context.value
                for job in 0..<jobsPerThread {
                    let slot = index * jobsPerThread + job
                    loop.execute { counts.withLock { $0[slot] += 1 } }
                }
                finished.withLock { $0 += 1 }
            })).toOpaque()
            var handle = pthread_t()
            pthread_create(&handle, nil, { argument in
                let box = Unmanaged<ThreadArgument>.fromOpaque(argument!).takeRetainedValue()
                box.body(box.index)
                return nil
            }, argument)
            handles.append(handle)
        }
        for handle in handles { pthread_join(handle, nil) }
        // Every thread has queued its jobs; one more job queued now runs after all of them.
        _ = await awaitOnLoop(loop) { done in done(true) }
        #expect(finished.withLock { $0 } == threads)
        let snapshot = counts.withLock { $0 }
        #expect(snapshot.allSatisfy { $0 == 1 })
    }

    @Test func timersFireInDeadlineOrder() async throws {
        let clock = ManualClock()  // moved by hand: no real time passes
        let loop = try EventLoop.spawn(name: "test-timers", clock: clock)
        defer { loop.shutdown() }
        let order = await awaitOnLoop(loop) { (done: @escaping ([Int]) -> Void) in
            var fired: [Int] = []
            for (label, delay) in [(3, 30), (1, 10), (4, 30), (2, 20), (0, 0)] {
                loop.scheduleOnLoop(afterMilliseconds: Int64(delay)) {
                    fired.append(label)
                    if fired.count == 5 { done(fired) }
                }
            }
            clock.advance(milliseconds: 30)
        }
        #expect(order == [0, 1, 2, 3, 4])
    }

    @Test func cancelledTimerNeverFires() async throws {
        let clock = ManualClock()  // moved by hand: no real time passes
        let loop = try EventLoop.spawn(name: "test-cancel", clock: clock)
        defer { loop.shutdown() }
        let fired = await awaitOnLoop(loop) { (done: @escaping ([String]) -> Void) in
            var fired: [String] = []
            let doomed = loop.scheduleOnLoop(afterMilliseconds: 10) { fired.append("cancelled") }
            loop.scheduleOnLoop(afterMilliseconds: 5) { fired.append("kept") }
            loop.scheduleOnLoop(afterMilliseconds: 40) { done(fired) }
            loop.cancel(doomed)
            clock.advance(milliseconds: 40)
        }
        #expect(fired == ["kept"])
    }

    @Test func timerScheduledFromAnotherThreadFires() async throws {
        // A manual clock: on real time the 1 ms timer could fire before `cancel` is even called.
        let clock = ManualClock()
        let loop = try EventLoop.spawn(name: "test-offloop", clock: clock)
        defer { loop.shutdown() }
        let fired = await withCheckedContinuation { (continuation: CheckedContinuation<Bool?, Never>) in
            let once = ResumeOnce(continuation)
            let doomed = loop.schedule(afterMilliseconds: 1) { once.resume(false) }
            loop.cancel(doomed)
            loop.schedule(afterMilliseconds: 5) { once.resume(loop.inEventLoop) }
            clock.advance(milliseconds: 5)
        }
        #expect(fired == true)
    }

    @Test func shutdownJoinsAndDropsLaterWork() throws {
        let loop = try EventLoop.spawn(name: "test-shutdown")
        let ran = Mutex(0)
        loop.execute { ran.withLock { $0 += 1 } }
        loop.shutdown()
        loop.execute { ran.withLock { $0 += 100 } }
        loop.shutdown()
        #expect(ran.withLock { $0 } == 1)
    }

    @Test func shutdownClosesConnectionsWithAnError() async throws {
        let loop = try EventLoop.spawn(name: "test-shutdown2")
        let listener = try echoListener(host: "127.0.0.1", on: loop)
        let reason = Mutex<SocketError?>(nil)
        let connected = await connectOnLoop(host: "127.0.0.1", port: listener.address.port, on: loop)
        let connection = try #require(try connected?.get())
        loop.execute { connection.value.onClose = { error in reason.withLock { $0 = error } } }
        loop.shutdown()
        #expect(reason.withLock { $0 } == .eventLoopShutdown)
    }
}

private final class ThreadArgument: @unchecked Sendable {
    let index: Int
    let body: @Sendable (Int) -> Void
    init(index: Int, body: @escaping @Sendable (Int) -> Void) {
        self.index = index
        self.body = body
    }
}
