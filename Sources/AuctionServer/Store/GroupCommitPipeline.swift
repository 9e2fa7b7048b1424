import AuctionCore
import AuctionInfrastructure

/// Called once per submission, on the writer thread, with what became of it.
typealias LedgerCompletion = @Sendable (CommitOutcome<StoreError>) -> Void

/// A ledger writer: commits a batch of queued submissions in one transaction, answering each
/// entry's completion after the commit, and closes its connection when the pipeline stops.
protocol BatchCommitting: Sendable {
    /// Writes `batch` in one transaction and then calls each entry's completion (writer thread);
    /// what it came to, for readiness.
    @discardableResult
    func commit(_ batch: [LedgerQueue.Entry]) -> CommitReport
    /// Tries an empty write transaction (writer thread): whether the store takes writes again.
    func probe() -> CommitReport
    /// Closes the writer's connection (writer thread, after the last batch).
    func close()
}

/// What both bid ledgers share: the queue and the writer thread of group commit.
///
/// `submit` queues; the writer thread takes everything queued and hands it to the writer as one
/// batch; `record` waits for its own commit (or commits at once when called on the writer thread);
/// `shutdown` refuses new work, lets the writer commit what is queued, and stops the thread.
final class GroupCommitPipeline: Sendable {
    private let queue = LedgerQueue()
    private let writerThread = WorkerThread(name: "auction-ledger")
    private let writer: any BatchCommitting
    private let health: LedgerHealth
    /// Where the store is (for `.closed` errors).
    private let location: String

    /// Starts the writer thread over `writer`, its commits timed on `clock` for readiness; throws
    /// `startFailure` when the thread cannot start.
    init(writer: any BatchCommitting, location: String, clock: any TimeSource, startFailure: StoreError) throws(StoreError) {
        self.writer = writer
        self.location = location
        let queue = self.queue, health = LedgerHealth(clock: clock)
        self.health = health
        let started = writerThread.submit {
            while let batch = queue.takeAll() {
                if health.takeProbe() {
                    health.began()
                    health.ended(writer.probe())
                }
                health.began()
                health.ended(writer.commit(batch))
            }
            writer.close()
            queue.markFinished()
        }
        if !started {
            writer.close()
            queue.close()
            queue.markFinished()
            throw startFailure
        }
    }

    /// Queues a submission; `completion` runs after the commit that holds it (at once, on the
    /// caller's thread, `.unavailable(.closed)` after `shutdown`).
    func submit(_ submission: LedgerSubmission, completion: @escaping LedgerCompletion) {
        guard queue.enqueue(LedgerQueue.Entry(submission: submission, completion: completion)) else {
            completion(.unavailable(.closed(path: location)))
            return
        }
    }

    /// Why the writer cannot commit now, once that has lasted `bound` milliseconds (nil: it can). Never
    /// waits: while commits fail and none is in progress it queues a probe (an empty batch), so the
    /// answer turns back once the store takes writes again even when no bid comes to try.
    func trouble(lastingAtLeast bound: Int64) -> LedgerTrouble? {
        if health.wantsProbe() {
            _ = queue.enqueue(LedgerQueue.Entry(submission: LedgerSubmission(bids: [])) { _ in })
        }
        return health.trouble(lastingAtLeast: bound)
    }

    /// Records bids in one durable commit and returns once it is done (directly on the writer thread).
    func record(_ bids: [AcceptedBid]) throws(StoreError) {
        guard !bids.isEmpty else { return }
        let latch = Latch<CommitOutcome<StoreError>>()
        let entry = LedgerQueue.Entry(submission: LedgerSubmission(bids: bids)) { latch.fulfil($0) }
        if writerThread.isCurrent {
            writer.commit([entry])
        } else if !queue.enqueue(entry) {
            throw StoreError.closed(path: location)
        }
        try latch.wait().result(for: bids).get()
    }

    /// Stops taking bids, commits everything already queued and answers it, then stops the thread.
    /// Idempotent; called from a completion (the writer thread) it does not wait for the drain.
    func shutdown() {
        queue.close()
        if !writerThread.isCurrent {
            queue.waitUntilFinished()
        }
        writerThread.shutdown()
    }
}
