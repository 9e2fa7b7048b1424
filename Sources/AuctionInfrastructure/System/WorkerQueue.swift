/// The jobs one or more `WorkerThread`s take in order: bounded, closable, behind a `ConditionLock`.
///
/// `@unchecked Sendable`: all state is touched only while its lock is held.
public final class WorkerQueue: @unchecked Sendable {
    /// Most jobs waiting at once.
    public let maximumQueued: Int
    private let lock = ConditionLock()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var isClosed = false
    private var threads = 0

    /// An empty queue holding at most `maximumQueued` waiting jobs (at least one).
    public init(maximumQueued: Int = .max) {
        self.maximumQueued = max(1, maximumQueued)
    }

    /// How many jobs are waiting (not yet taken by a thread).
    public var count: Int { lock.withLock { jobs.count - head } }

    /// Queues a job; false (job dropped) when full, closed, or no thread serves the queue.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard !isClosed, threads > 0, jobs.count - head < maximumQueued else { return false }
            jobs.append(job)
            lock.signal()
            return true
        }
    }

    /// Counts one more thread serving this queue.
    func attach() {
        lock.withLock { threads += 1 }
    }

    /// Refuses further jobs; the threads drain what is queued, then end.
    func close() {
        lock.withLock {
            isClosed = true
            lock.broadcast()
        }
    }

    /// Blocks until a job is queued and takes it; nil once closed and drained.
    func next() -> (@Sendable () -> Void)? {
        lock.withLock {
            while head == jobs.count && !isClosed { lock.wait() }
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            return job
        }
    }
}
