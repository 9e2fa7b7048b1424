import AuctionInfrastructure
import AuctionServer
import Foundation
import Testing

@Suite struct AccountWorkersTests {
    @Test func runsEveryQueuedJobBeforeShutdownReturns() {
        let workers = BlockingWorkers(threads: 2, maximumQueued: 100)
        let done = Mutex(0)
        for _ in 0..<50 { #expect(workers.submit { done.withLock { $0 += 1 } }) }

        workers.shutdown()

        #expect(done.withLock { $0 } == 50)
        #expect(workers.submit {} == false)
    }

    @Test func refusesWorkPastTheQueueBound() {
        let workers = BlockingWorkers(threads: 1, maximumQueued: 2)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        #expect(workers.submit {
            started.signal()
            gate.wait()
        })
        started.wait()  // the only thread is busy now

        #expect(workers.submit {})
        #expect(workers.submit {})
        #expect(workers.submit {} == false)

        gate.signal()
        workers.shutdown()
    }
}
