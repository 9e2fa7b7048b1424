import AuctionCore
import AuctionInfrastructure

/// The bid ledger on SQLite, with group commit.
///
/// One writer thread owns its own connection. `submit` queues a bid; the writer takes
/// everything queued, writes it in one transaction, commits (`synchronous=FULL`, so the WAL is
/// fsynced) and only then calls each completion, on the writer thread. A reply sent from a
/// completion is therefore only ever sent for a bid that survives a crash.
///
/// Thread-safe (`Sendable`): the queue is behind a lock and reads use a second connection
/// behind another (`StoreConnection`). Other connections, in this process or another, may open
/// the same file (WAL lets them read while the writer writes); that is how a crash test checks the store.
public final class SQLiteBidLedger: BidLedger, Sendable {
    /// The store's errors.
    public typealias Failure = StoreError

    /// The database file.
    public let path: String
    private let reader: StoreConnection
    private let writer: LedgerWriter
    private let pipeline: GroupCommitPipeline

    /// Opens (creating and migrating if needed) the store at `path` and starts the writer thread.
    /// `keyLifetimeMilliseconds`: how long an idempotency key stays bound to its bid (24 h); `clock` times
    /// its commits for readiness (`trouble(lastingAtLeast:)`); `signer` appends each commit to the lot
    /// logs (nil: no log).
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000,
                keyLifetimeMilliseconds: Int64 = 86_400_000, clock: any TimeSource = SystemClock(),
                signer: LotLogSigner? = nil) throws(StoreError) {
        self.path = path
        writer = try LedgerWriter(
            database: SQLiteDatabase.openStore(at: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds),
            keyLifetimeMilliseconds: keyLifetimeMilliseconds, signer: signer)
        reader = try StoreConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        pipeline = try GroupCommitPipeline(writer: writer, location: path, clock: clock,
                                           startFailure: .cannotOpen(path: path, reason: "cannot start the ledger's writer thread"))
    }

    deinit {
        shutdown()
    }

    /// Queues a submission; `completion` runs after the commit that holds it, with each bid's
    /// sequence number. One node owns a SQLite store, so it never answers a conflict.
    ///
    /// After `shutdown` the completion runs at once, on the caller's thread, `.unavailable(.closed)`.
    public func submit(_ submission: LedgerSubmission, completion: @escaping @Sendable (CommitOutcome<StoreError>) -> Void) {
        pipeline.submit(submission, completion: completion)
    }

    /// Records bids in one durable commit and returns once it is done.
    ///
    /// From a completion (the writer thread) it commits directly instead of queueing.
    public func record(_ bids: [AcceptedBid]) throws(StoreError) {
        try pipeline.record(bids)
    }

    /// Commits and bids so far; `bidsPerCommit` shows how well bids group.
    public var statistics: LedgerStatistics { writer.statistics }

    /// Why the writer cannot commit now, once that has lasted `bound` milliseconds; nil when it can. Never waits.
    public func trouble(lastingAtLeast bound: Int64) -> LedgerTrouble? { pipeline.trouble(lastingAtLeast: bound) }

    /// Every product's current price as recorded.
    public func currentPrices() throws(StoreError) -> [ProductID: Money] {
        try reader.withDatabase { reader throws(StoreError) -> [ProductID: Money] in
            var prices: [ProductID: Money] = [:]
            for (id, price) in try reader.rows("SELECT id, current_price FROM products", map: { ($0.int64(0), $0.int64(1)) }) {
                prices[ProductID(Int(id))] = Money(price)
            }
            return prices
        }
    }

    /// All recorded bids of a product, oldest first.
    public func bids(for productID: ProductID) throws(StoreError) -> [AcceptedBid] {
        try reader.withDatabase { reader throws(StoreError) -> [AcceptedBid] in
            try reader.rows("""
                SELECT \(AcceptedBid.storedColumns) FROM bids WHERE product_id = ? ORDER BY id
                """, [.integer(Int64(productID.rawValue))]) { AcceptedBid(storedRow: $0) }
        }
    }

    /// Every recorded bid, oldest first (for checks after a crash; the whole table in memory).
    public func allBids() throws(StoreError) -> [AcceptedBid] {
        try reader.withDatabase { reader throws(StoreError) -> [AcceptedBid] in
            try reader.rows("""
                SELECT \(AcceptedBid.storedColumns) FROM bids ORDER BY id
                """) { AcceptedBid(storedRow: $0) }
        }
    }

    /// How many bids are recorded in all.
    public func bidCount() throws(StoreError) -> Int {
        try reader.withDatabase { reader throws(StoreError) -> Int in
            Int(try reader.scalarInteger("SELECT COUNT(*) FROM bids") ?? 0)
        }
    }

    /// Stops taking bids, commits everything already queued, answers its completions, closes the file.
    ///
    /// Idempotent. Called from a completion (the writer thread) it does not wait for the drain.
    public func shutdown() {
        pipeline.shutdown()
        reader.close()
    }
}
