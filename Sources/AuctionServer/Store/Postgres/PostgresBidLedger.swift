import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The bid ledger on PostgreSQL, shared by every node: group commit, and each bid decided once.
///
/// One writer thread owns its own connection. `submit` queues a submission; the writer takes
/// everything queued and writes it in one transaction with the product rows locked, each
/// submission conditionally (see `PostgresBidLedgerWriter`): one whose lot another node moved
/// answers `.conflict` with the lot as stored and writes nothing, and the bid path adopts it and
/// decides again. Completions run on the writer thread after COMMIT, with each outcome.
/// When the store cannot be reached every submission answers `.unavailable`, at once while
/// the connection is down (it is retried with backoff); nothing is ever reported stored that is not.
///
/// Thread-safe (`Sendable`): the queue is behind a lock; reads borrow from the client's pool, which
/// the client's owner closes.
public final class PostgresBidLedger: BidLedger, Sendable {
    /// The store's errors.
    public typealias Failure = StoreError

    /// The channel each commit notifies, with `<product>:<seq>` (the product's latest bid).
    public static let bidChannel = "auction_bids"

    /// Where the store is, without its password.
    public let target: String
    private let reader: PostgresPool
    private let writer: PostgresBidLedgerWriter
    private let pipeline: GroupCommitPipeline

    /// Connects through `client` (migrating the schema if needed) and starts the writer thread: its
    /// writes on a connection of its own, its reads borrowed from the client's pool.
    ///
    /// `keyLifetimeMilliseconds`: how long an idempotency key stays bound to its bid (24 h).
    public init(client: PostgresClient, keyLifetimeMilliseconds: Int64 = 86_400_000, signer: LotLogSigner? = nil) throws(StoreError) {
        let store = client.store
        target = store.displayTarget
        let connection = PostgresBidLedgerConnection(store: store, schedule: client.options.reconnectSchedule(), clock: client.clock)
        try connection.withConnection { database throws(StoreError) in
            _ = try PostgresSchema.migrate(database)
        }
        writer = PostgresBidLedgerWriter(connection: connection, keyLifetimeMilliseconds: keyLifetimeMilliseconds, signer: signer)
        reader = client.pool
        pipeline = try GroupCommitPipeline(writer: writer, location: store.displayTarget, clock: client.clock,
                                           startFailure: .unavailable(target: store.displayTarget, reason: "cannot start the ledger's writer thread"))
    }

    deinit {
        shutdown()
    }

    /// Queues a submission; `completion` runs after the commit that holds it (or with why not).
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

    /// One lot's state as stored now (a catch-up read).
    public func storedLot(_ productID: ProductID) throws(StoreError) -> LotRefresh {
        try read { database throws(StoreError) -> LotRefresh in
            try LedgerReads.storedLot(productID, on: database)
        }
    }

    /// Every product's current price as recorded.
    public func currentPrices() throws(StoreError) -> [ProductID: Money] {
        try read { database throws(StoreError) -> [ProductID: Money] in
            var prices: [ProductID: Money] = [:]
            for (id, price) in try database.query("SELECT id, current_price FROM products", row: { ($0.int64(0), $0.int64(1)) }) {
                prices[ProductID(Int(id))] = Money(price)
            }
            return prices
        }
    }

    /// All recorded bids of a product, oldest first.
    public func bids(for productID: ProductID) throws(StoreError) -> [AcceptedBid] {
        try read { database throws(StoreError) -> [AcceptedBid] in
            try database.query("""
                SELECT \(AcceptedBid.storedColumns) FROM bids
                WHERE product_id = ? ORDER BY seq, id
                """, [.integer(Int64(productID.rawValue))]) { AcceptedBid(storedRow: $0) }
        }
    }

    /// Every recorded bid, oldest first (for checks after a crash; the whole table in memory).
    public func allBids() throws(StoreError) -> [AcceptedBid] {
        try read { database throws(StoreError) -> [AcceptedBid] in
            try database.query("""
                SELECT \(AcceptedBid.storedColumns) FROM bids ORDER BY id
                """) { AcceptedBid(storedRow: $0) }
        }
    }

    /// How many bids are recorded in all.
    public func bidCount() throws(StoreError) -> Int {
        try read { database throws(StoreError) -> Int in
            Int(try database.scalarInteger("SELECT COUNT(*) FROM bids") ?? 0)
        }
    }

    /// Stops taking bids, commits everything already queued, answers its completions, closes the connections.
    ///
    /// Idempotent. Called from a completion (the writer thread) it does not wait for the drain.
    public func shutdown() {
        pipeline.shutdown()
    }

    /// Runs a read on a borrowed connection; a statement timeout or a server going down is `.unavailable`.
    private func read<R>(_ body: (PostgresConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        do {
            return try reader.withConnection(retryingLostConnection: true, body)
        } catch {
            throw PostgresBidLedgerConnection.unavailability(error, target: target) ?? error
        }
    }
}
