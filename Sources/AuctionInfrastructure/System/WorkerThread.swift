import Glibc

/// One named system thread running submitted jobs in order, off the event loop and off Swift's
/// cooperative pool (the runtime's one serial worker: ledger writer, closings, chat writer).
///
/// `shutdown` refuses new jobs, lets the thread finish every job already queued, then joins it.
/// Several `WorkerThread`s may share one `WorkerQueue` (a small pool draining one bounded queue).
public final class WorkerThread: Sendable {
    private struct Handle {
        var thread: pthread_t?
        var joined = false
    }

    /// The thread's name (at most 15 bytes reach the kernel).
    public let name: String
    /// The jobs this thread runs.
    public let queue: WorkerQueue
    private let handle = Mutex(Handle())

    /// Starts a thread named `name` running the jobs of `queue` (a fresh unbounded one by default).
    ///
    /// When the system cannot start a thread, `isRunning` is false and `submit` refuses every job.
    public init(name: String, queue: WorkerQueue = WorkerQueue()) {
        self.name = name
        self.queue = queue
        let retained = Unmanaged.passRetained(self).toOpaque()
        let started = handle.withLock { handle -> Bool in
            var thread = pthread_t()
            let result = pthread_create(&thread, nil, { argument in
                guard let argument else { return nil }
                let worker = Unmanaged<WorkerThread>.fromOpaque(argument).takeRetainedValue()
                worker.handle.withLock { _ in }  // wait until `init` has stored the handle
                worker.run()
                return nil
            }, retained)
            if result == 0 { handle.thread = thread }
            return result == 0
        }
        if started {
            queue.attach()
        } else {
            Unmanaged<WorkerThread>.fromOpaque(retained).release()
        }
    }

    /// Whether the thread was started and has not been joined yet.
    public var isRunning: Bool { handle.withLock { $0.thread != nil && !$0.joined } }

    /// Whether the caller is running on this thread (for example inside one of its jobs).
    public var isCurrent: Bool {
        handle.withLock { $0.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Queues a job; false (job dropped) when the queue is full or closed, or no thread runs.
    @discardableResult
    public func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        queue.submit(job)
    }

    /// Refuses new jobs, waits until every queued job has run and joins the thread.
    ///
    /// Idempotent. From one of its own jobs it only closes the queue (a thread cannot join itself).
    public func shutdown() {
        queue.close()
        let thread: pthread_t? = handle.withLock { handle in
            guard let thread = handle.thread, !handle.joined, pthread_equal(thread, pthread_self()) == 0 else { return nil }
            handle.joined = true
            return thread
        }
        if let thread { pthread_join(thread, nil) }
    }

    private func run() {
        Syscall.nameThread(name)
        while let job = queue.next() {
            job()
        }
    }
}
