import AuctionInfrastructure

/// Where the socket loop's store reads run: session lookups and re-checks and chat history, each on a
/// worker thread, its answer handed back to the loop as an event (`loop.execute`), so the loop never
/// waits for a store (a locked table, a far-away database) while every other connection is served.
///
/// Deliberately not `Sendable`: used on the loop only; what crosses to the worker is `@Sendable`.
final class StoreLookups {
    /// The loop answers come back to.
    let loop: EventLoop
    /// The worker threads (nil: reads run where asked, for tests whose resolvers are memory only).
    private let workers: BlockingWorkers?

    /// Reads on `workers`, answered on `loop`.
    init(loop: EventLoop, workers: BlockingWorkers?) {
        self.loop = loop
        self.workers = workers
    }

    /// Runs `read` on a worker, then `answer` with its value on the loop (loop thread). False, and
    /// nothing run, when the workers' bounded queue is full or they stopped: the caller answers "busy".
    func run<Value: Sendable>(_ read: @escaping @Sendable () -> Value, answer: @escaping (Value) -> Void) -> Bool {
        let loop = self.loop
        let answer = LoopBound(answer, on: loop)
        let job: @Sendable () -> Void = {
            let value = read()
            loop.execute { LoopStoreCheck.onLoop { answer.value(value) } }
        }
        guard let workers else {
            job()
            return true
        }
        return workers.submit(job)
    }
}
