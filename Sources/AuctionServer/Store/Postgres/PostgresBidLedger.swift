import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The bid ledger on PostgreSQL, shared by every node: group commit, and each bid decided once.
///
/// One writer thread owns its own connection. `submit` queues a submission; the writer takes
/// everything queued and writes it in one transaction with the product rows locked, each
/// submission conditionally (see `PostgresBidLedgerWriter`): one whose lot another node moved
/// fails with a conflict (`StoreError.isBidConflict`) and writes nothing, and the bid path refreshes
/// the lot (`takeConflict`) and decides again. Completions run on the writer thread after COMMIT.
/// When the store cannot be reached every submission fails with `.unavailable`, at once while
/// the connection is down (it is retried with backoff); nothing is ever reported stored that is not.
///
/// Thread-safe (`Sendable`): the queue is behind a lock and reads use a second connection.
public final class PostgresBidLedger: BidLedger, Sendable {
    /// Called once per submission, on the writer thread, after its commit or failure.
    public typealias Completion = @Sendable (Result<Void, StoreError>) -> Void
    /// The store's errors.
    public typealias Failure = StoreError

    /// The channel each commit notifies, with `<product>:<seq>` (the product's latest bid).
    public static let bidChannel = "auction_bids"

    /// Where the store is, without its password.
    public let target: String
    private let reader: PostgresBidLedgerConnection
    private let writer: PostgresBidLedgerWriter
    private let pipeline: GroupCommitPipeline

    /// Connects to `store` (migrating its schema if needed) and starts the writer thread.
    ///
    /// `keyLifetimeMilliseconds`: how long an idempotency key stays bound to its bid (24 h).
    /// `timeoutMilliseconds`: how long a statement, a connect or an unanswered TCP send may take
    /// before the store counts as unavailable (the `store_timeout` setting).
    public init(store: PostgresConnectionString, keyLifetimeMilliseconds: Int64 = 86_400_000,
                timeoutMilliseconds: Int64 = 5_000, clock: any TimeSource = SystemClock()) throws(StoreError) {
        target = store.displayTarget
        let connection = PostgresBidLedgerConnection(store: store, timeoutMilliseconds: timeoutMilliseconds, clock: clock)
        try connection.withConnection { database throws(StoreError) in
            _ = try PostgresSchema.migrate(database)
        }
        let versions = try connection.withConnection { database throws(StoreError) -> [ProductID: Int64] in
            var versions: [ProductID: Int64] = [:]
            for (id, version) in try database.query("SELECT id, edited_at FROM products WHERE edited_at IS NOT NULL", row: {
                ($0.int64(0), $0.int64(1))
            }) {
                versions[ProductID(Int(clamping: id))] = version
            }
            return versions
        }
        writer = PostgresBidLedgerWriter(connection: connection, keyLifetimeMilliseconds: keyLifetimeMilliseconds)
        // The terms versions the node's book loads at start (an edit adopted later is noted by the bid path).
        writer.conflicts.start(versions: versions)
        reader = PostgresBidLedgerConnection(store: store, timeoutMilliseconds: timeoutMilliseconds, clock: clock)
        pipeline = try GroupCommitPipeline(writer: writer, location: store.displayTarget,
                                           startFailure: .unavailable(target: store.displayTarget, reason: "cannot start the ledger's writer thread"))
    }

    deinit {
        shutdown()
    }

    /// Queues one bid; `completion` runs after the commit that holds it (or with its error).
    public func submit(_ bid: AcceptedBid, completion: @escaping Completion) {
        submit([bid], completion: completion)
    }

    /// Queues bids that must commit together; `completion` runs once after that commit.
    public func submit(_ bids: [AcceptedBid], completion: @escaping Completion) {
        submit(bids, changes: [], completion: completion)
    }

    /// Queues bids and the lot changes they cause (maximums, moved ends, buy-now); one commit holds all.
    public func submit(_ bids: [AcceptedBid], changes: [LotChange], completion: @escaping Completion) {
        pipeline.submit(bids, changes: changes, completion: completion)
    }

    /// Records bids in one durable commit and returns once it is done.
    ///
    /// From a completion (the writer thread) it commits directly instead of queueing.
    public func record(_ bids: [AcceptedBid]) throws(StoreError) {
        try pipeline.record(bids)
    }

    /// Commits and bids so far; `bidsPerCommit` shows how well bids group.
    public var statistics: LedgerStatistics { writer.statistics }

    /// The stored state of a lot as the last conflict on it found it (read with the row locked,
    /// before that submission's failure was reported); nil when it never conflicted.
    /// The bid path takes each conflict's own read instead (`takeConflictRead(of:)`).
    public func conflictState(for productID: ProductID) -> LotRefresh? {
        writer.conflicts.lot(productID)
    }

    /// Takes what the conflict of a submission (named by its first bid) read: the lot as stored and
    /// the bids past what the node knew, each with its `seq`; once, nil when none was kept.
    func takeConflictRead(of submission: AcceptedBid) -> RemoteBids? {
        writer.conflicts.takeRead(of: submission)
    }

    /// Takes the bids of other nodes that a committed submission (named by its first bid) came right
    /// after while its node had not adopted them (decided at the same price by chance); once.
    func takeMissedBids(of submission: AcceptedBid) -> RemoteBids? {
        writer.conflicts.takeMissed(of: submission)
    }

    /// Reads conflicts past `sequences` (the node's known count per product) rather than the newest bids.
    func follow(_ sequences: ProductSequences) {
        writer.conflicts.follow(sequences)
    }

    /// Pins the terms version the node's book holds for the bid's lot to the submission that starts
    /// with `bid` (called just before it is submitted): its commit is refused as a conflict when a
    /// seller's edit changed the stored version since.
    func pinTerms(_ bid: AcceptedBid) {
        writer.conflicts.pin(bid)
    }

    /// The terms version the node's book holds for a product (nil: never edited, as far as it knows).
    func termsVersion(of id: ProductID) -> Int64? {
        writer.conflicts.version(of: id)
    }

    /// Notes that the node's book took a product's terms as stored at `version` (an edit adopted).
    public func adoptedTerms(version: Int64?, of id: ProductID) {
        writer.conflicts.adopted(version: version, of: id)
    }

    /// Takes the stored bid a duplicate idempotency key is bound to (once; nil when none was kept).
    public func takeOriginal(user: UserID, key: String) -> AcceptedBid? {
        writer.conflicts.takeOriginal(user: user, key: key)
    }

    /// Takes the `seq` a committed bid got in the store (its product's `bid_count` after it), once;
    /// the bid path pushes it (a node's own count can lag behind other nodes' bids).
    public func takeSequence(of bid: AcceptedBid) -> Int64? {
        writer.conflicts.takeSequence(of: bid)
    }

    /// One lot's state as stored now (a catch-up read).
    public func storedLot(_ productID: ProductID) throws(StoreError) -> LotRefresh {
        try reader.withConnection { database throws(StoreError) -> LotRefresh in
            try PostgresBidLedgerConflicts.storedLot(productID, on: database)
        }
    }

    /// Every product's current price as recorded.
    public func currentPrices() throws(StoreError) -> [ProductID: Money] {
        try reader.withConnection { database throws(StoreError) -> [ProductID: Money] in
            var prices: [ProductID: Money] = [:]
            for (id, price) in try database.query("SELECT id, current_price FROM products", row: { ($0.int64(0), $0.int64(1)) }) {
                prices[ProductID(Int(id))] = Money(price)
            }
            return prices
        }
    }

    /// All recorded bids of a product, oldest first.
    public func bids(for productID: ProductID) throws(StoreError) -> [AcceptedBid] {
        try reader.withConnection { database throws(StoreError) -> [AcceptedBid] in
            try database.query("""
                SELECT product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key FROM bids
                WHERE product_id = ? ORDER BY seq, id
                """, [.integer(Int64(productID.rawValue))]) { Self.bid(from: $0) }
        }
    }

    /// Every recorded bid, oldest first (for checks after a crash; the whole table in memory).
    public func allBids() throws(StoreError) -> [AcceptedBid] {
        try reader.withConnection { database throws(StoreError) -> [AcceptedBid] in
            try database.query("""
                SELECT product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key FROM bids ORDER BY id
                """) { Self.bid(from: $0) }
        }
    }

    /// How many bids are recorded in all.
    public func bidCount() throws(StoreError) -> Int {
        try reader.withConnection { database throws(StoreError) -> Int in
            Int(try database.scalarInteger("SELECT COUNT(*) FROM bids") ?? 0)
        }
    }

    /// Stops taking bids, commits everything already queued, answers its completions, closes the connections.
    ///
    /// Idempotent. Called from a completion (the writer thread) it does not wait for the drain.
    public func shutdown() {
        pipeline.shutdown()
        reader.close()
    }

    /// A bid from a row of `product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key`.
    static func bid(from row: PostgresRow) -> AcceptedBid {
        AcceptedBid(
            productID: ProductID(Int(row.int64(0))), price: Money(row.int64(1)),
            previousPrice: Money(row.int64(2)), bidder: row.optionalInt64(3).map(UserID.init(rawValue:)),
            acceptedAt: Timestamp(millisecondsSinceEpoch: row.int64(4)), isAutomatic: row.int64(5) != 0,
            idempotencyKey: row.optionalText(6))
    }
}
