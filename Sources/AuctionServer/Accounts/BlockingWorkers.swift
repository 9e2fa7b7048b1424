import Glibc

/// A few dedicated threads for slow blocking work (password hashing, ~50 ms of CPU each) so it
/// never stalls the event loop or Swift's cooperative pool. The queue is bounded: `submit` says
/// no when it is full, and the caller answers "busy" instead of piling up work.
///
/// `@unchecked Sendable`: all state is guarded by one pthread mutex and condition.
public final class BlockingWorkers: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var stopping = false
    private var threads: [pthread_t] = []
    /// Most jobs waiting at once.
    public let maximumQueued: Int

    /// Starts `threads` workers (at least one) with a queue of at most `maximumQueued` jobs.
    public init(threads count: Int = 2, maximumQueued: Int = 256) {
        self.maximumQueued = max(1, maximumQueued)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for _ in 0..<max(1, count) {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            if pthread_create(&thread, nil, { context in
                let workers = Unmanaged<BlockingWorkers>.fromOpaque(context!).takeRetainedValue()
                workers.work()
                return nil
            }, context) == 0 {
                threads.append(thread)
            } else {
                Unmanaged<BlockingWorkers>.fromOpaque(context).release()
            }
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Queues a job; false (and the job dropped) when the queue is full, no thread runs, or after `shutdown`.
    @discardableResult
    public func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !stopping, !threads.isEmpty, jobs.count - head < maximumQueued else { return false }
        jobs.append(job)
        pthread_cond_signal(condition)
        return true
    }

    /// Runs the jobs already queued, then stops and joins the threads (call from outside a job).
    public func shutdown() {
        pthread_mutex_lock(mutex)
        stopping = true
        let running = threads
        threads = []
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
        for thread in running { pthread_join(thread, nil) }
    }

    private func work() {
        while true {
            pthread_mutex_lock(mutex)
            while head == jobs.count && !stopping { pthread_cond_wait(condition, mutex) }
            if head == jobs.count {
                pthread_mutex_unlock(mutex)
                return
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            pthread_mutex_unlock(mutex)
            job()
        }
    }
}
