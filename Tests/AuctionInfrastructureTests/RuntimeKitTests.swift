import AuctionTestSupport
import Glibc
import Testing

@testable import AuctionInfrastructure

/// The runtime kit: one lock with a condition, a latch, and the serial worker thread.
/// Blocking waits run through `offPool`; results are checked back on the test's task.
@Suite struct RuntimeKitTests {
    /// A flag touched only under the test's `ConditionLock`.
    private final class Flag: @unchecked Sendable {
        var isSet = false
    }

    @Test func conditionLockWakesAWaiterWhenTheStateChanges() async {
        let lock = ConditionLock()
        let flag = Flag()
        let worker = WorkerThread(name: "test-waker")
        let woken = await offPool { () -> Bool in
            worker.submit {
                lock.withLock {
                    flag.isSet = true
                    lock.broadcast()
                }
            }
            let woken = lock.withLock { () -> Bool in
                while !flag.isSet { lock.wait() }
                return flag.isSet
            }
            worker.shutdown()
            return woken
        }
        #expect(woken)
    }

    @Test func conditionLockTimedWaitReturnsFalseWhenNobodyWakes() async {
        let lock = ConditionLock()
        let woken = await offPool { lock.withLock { lock.wait(milliseconds: 1) } }
        #expect(!woken)
    }

    @Test func mutexKeepsConcurrentIncrementsExact() async {
        let counter = Mutex(0)
        let total = await offPool { () -> Int in
            let threads = (0..<4).map { WorkerThread(name: "test-count-\($0)") }
            for thread in threads {
                thread.submit { for _ in 0..<10_000 { counter.withLock { $0 += 1 } } }
            }
            for thread in threads { thread.shutdown() }
            return counter.withLock { $0 }
        }
        #expect(total == 40_000)
    }

    @Test func latchHandsOverOneValueAndIgnoresLaterOnes() async {
        let (first, timedOut) = await offPool { () -> (Int, Int?) in
            let latch = Latch<Int>()
            let worker = WorkerThread(name: "test-latch")
            worker.submit { latch.fulfil(7); latch.fulfil(8) }
            let first = latch.wait()
            worker.shutdown()
            return (first, Latch<Int>().wait(milliseconds: 1))
        }
        #expect(first == 7)
        #expect(timedOut == nil)
    }

    @Test func workerRunsJobsInSubmissionOrderOnItsOwnThread() async {
        let worker = WorkerThread(name: "test-order")
        let seen = Mutex<[Int]>([])
        let onWorker = Mutex(true)
        let callerIsWorker = await offPool { () -> Bool in
            for index in 0..<500 {
                worker.submit {
                    seen.withLock { $0.append(index) }
                    if !worker.isCurrent { onWorker.withLock { $0 = false } }
                }
            }
            let callerIsWorker = worker.isCurrent
            worker.shutdown()
            return callerIsWorker
        }
        #expect(!callerIsWorker)
        #expect(seen.withLock { $0 } == Array(0..<500))
        #expect(onWorker.withLock { $0 })
    }

    @Test func shutdownDrainsQueuedJobsThenRefusesNewOnes() async {
        let worker = WorkerThread(name: "test-drain")
        let ran = Mutex(0)
        let (queued, acceptedAfter) = await offPool { () -> (Int, Bool) in
            let gate = Latch<Bool>()
            let started = Latch<Bool>()
            worker.submit { started.fulfil(true); _ = gate.wait() }
            _ = started.wait()
            for _ in 0..<100 { worker.submit { ran.withLock { $0 += 1 } } }
            let queued = worker.queue.count
            gate.fulfil(true)
            worker.shutdown()
            let acceptedAfter = worker.submit { ran.withLock { $0 += 1 } }
            worker.shutdown()
            return (queued, acceptedAfter)
        }
        #expect(queued == 100)
        #expect(ran.withLock { $0 } == 100)
        #expect(!acceptedAfter)
        #expect(!worker.isRunning)
    }

    @Test func shutdownFromItsOwnJobDoesNotDeadlock() async {
        let finished = await offPool { () -> Bool? in
            let worker = WorkerThread(name: "test-self")
            let done = Latch<Bool>()
            worker.submit {
                worker.shutdown()
                done.fulfil(true)
            }
            let finished = done.wait(milliseconds: 30_000)
            worker.shutdown()
            return finished
        }
        #expect(finished == true)
    }

    @Test func sharedBoundedQueueRefusesWhenFull() async {
        let accepted = await offPool { () -> [Bool] in
            let worker = WorkerThread(name: "test-bound", queue: WorkerQueue(maximumQueued: 2))
            let gate = Latch<Bool>()
            let started = Latch<Bool>()
            var accepted = [worker.submit { started.fulfil(true); _ = gate.wait() }]
            _ = started.wait()
            accepted += [worker.submit {}, worker.submit {}, worker.submit {}]
            gate.fulfil(true)
            worker.shutdown()
            return accepted
        }
        #expect(accepted == [true, true, true, false])
    }
}
