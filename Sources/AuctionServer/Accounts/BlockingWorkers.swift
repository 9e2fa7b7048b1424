import AuctionInfrastructure

/// A few dedicated threads for slow blocking work (password hashing, ~50 ms of CPU each) so it
/// never stalls the event loop or Swift's cooperative pool. The queue is bounded: `submit` says
/// no when it is full, and the caller answers "busy" instead of piling up work.
///
/// `Sendable`: `WorkerThread`s sharing one locked `WorkerQueue`.
public final class BlockingWorkers: Sendable {
    private let queue: WorkerQueue
    private let threads: [WorkerThread]
    /// Most jobs waiting at once.
    public var maximumQueued: Int { queue.maximumQueued }
    /// Jobs waiting now (not yet taken by a thread).
    public var queued: Int { queue.count }

    /// Starts `threads` workers (at least one) named `name` with a queue of at most `maximumQueued` jobs.
    public init(name: String = "auction-workers", threads count: Int = 2, maximumQueued: Int = 256) {
        let queue = WorkerQueue(maximumQueued: maximumQueued)
        self.queue = queue
        threads = (0..<max(1, count)).map { _ in WorkerThread(name: name, queue: queue) }
    }

    /// Queues a job; false (and the job dropped) when the queue is full, no thread runs, or after `shutdown`.
    @discardableResult
    public func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        threads[0].submit(job)
    }

    /// Runs the jobs already queued, then stops and joins the threads (call from outside a job).
    public func shutdown() {
        for thread in threads { thread.shutdown() }
    }
}
