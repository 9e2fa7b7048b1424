import AuctionBidding
import AuctionCore
import AuctionInfrastructure
import AuctionLotLog

/// The PostgreSQL ledger's writer: everything queued commits in one transaction of a few statements,
/// each submission decided in it once.
///
/// The batch first locks the rows of every product it touches (`FOR UPDATE`, in id order, so two
/// nodes never deadlock) and reads which of its idempotency keys are bound already (after freeing
/// the ones older than their lifetime). `PostgresBatchPlan` then decides each submission against
/// those rows, in order, as the rows stand after the submissions before it: a duplicate key, a
/// conflict (the lot moved, closed, or its terms changed since the decision: it reads the stored lot
/// and the bids its node missed) or a commit (its bids numbered `bid_count + 1…`). Only the
/// committed ones are written: one multi-row INSERT of their bids, one UPDATE of their products, their
/// lot changes, and one `pg_notify` with every product's new `seq`. One lot's conflict refuses that
/// submission only. Completions run after COMMIT.
///
/// A key bound meanwhile by another node's commit (the unique index) rolls the batch back and it
/// is decided again, seeing that key; any other error a batch of several meets is retried one
/// submission at a time, so one bad bid cannot sink the others. A lost connection fails the batch
/// with `.unavailable` (nothing was written).
///
/// `Sendable`: the connection is behind its own `Mutex`, the counters and own sequences in others.
final class PostgresBidLedgerWriter: BatchCommitting {
    /// The connection (reopened after a break).
    let connection: PostgresBidLedgerConnection
    private let keyLifetimeMilliseconds: Int64
    /// Signs the lot logs' heads each batch appends to (nil: no log).
    private let signer: LotLogSigner?
    private let counters = Mutex(LedgerStatistics())
    /// Each product's last `seq` this writer committed: a lot whose stored count equals it holds no
    /// bid its node has not seen.
    private let ownLast = Mutex<[ProductID: Int64]>([:])
    /// How many times a batch is decided again after another node bound one of its keys first.
    private static let keyRaceAttempts = 3

    init(connection: PostgresBidLedgerConnection, keyLifetimeMilliseconds: Int64, signer: LotLogSigner? = nil) {
        self.connection = connection
        self.keyLifetimeMilliseconds = keyLifetimeMilliseconds
        self.signer = signer
    }

    /// Closes the writer's connection (writer thread, after the last batch).
    func close() {
        connection.close()
    }

    /// What the writer has done so far (any thread).
    var statistics: LedgerStatistics {
        counters.withLock { $0 }
    }

    /// Writes a batch in one transaction, then answers every completion in it.
    @discardableResult
    func commit(_ batch: [LedgerQueue.Entry]) -> CommitReport {
        let outcomes = attempt(batch)
        for (entry, outcome) in zip(batch, outcomes) { entry.completion(outcome) }
        return CommitReport(outcomes)
    }

    /// `SELECT 1` on the writer's connection (reopened if broken): whether the store answers again.
    func probe() -> CommitReport {
        do throws(StoreError) {
            try connection.withConnection { database throws(StoreError) in
                try database.execute("SELECT 1")
            }
            return .stored
        } catch {
            return .failed(error)
        }
    }

    /// The batch's outcomes: one transaction, decided again after a key race, split after another error.
    private func attempt(_ batch: [LedgerQueue.Entry]) -> [CommitOutcome<StoreError>] {
        var attempts = 0
        while true {
            attempts += 1
            var commitSent = false
            do {
                let plan = try connection.withConnection { database throws(StoreError) -> PostgresBatchPlan in
                    do throws(StoreError) {
                        return try write(batch, on: database, commitSent: &commitSent)
                    } catch {
                        try? database.execute("ROLLBACK")
                        throw error
                    }
                }
                record(plan)
                return plan.outcomes
            } catch {
                if case .unavailable = error {
                    // Lost after COMMIT left: the store may hold the batch; nobody may be told either way.
                    return fail(batch, commitSent ? .unknown(error) : .unavailable(error))
                }
                if error.sqlState == StoreError.duplicateKeyState, attempts < Self.keyRaceAttempts { continue }
                guard batch.count > 1 else { return fail(batch, .unavailable(error)) }
                return batch.flatMap { attempt([$0]) }
            }
        }
    }

    /// Every submission of the batch answered `outcome` (not stored, or not known to be), counted as failed.
    private func fail(_ batch: [LedgerQueue.Entry], _ outcome: CommitOutcome<StoreError>) -> [CommitOutcome<StoreError>] {
        counters.withLock { $0.failedBids += batch.reduce(0) { $0 + $1.bids.count } }
        return batch.map { _ in outcome }
    }

    /// Counts a committed batch and keeps the `seq` it gave each product.
    private func record(_ plan: PostgresBatchPlan) {
        counters.withLock { counters in
            if !plan.inserted.isEmpty {
                counters.commits += 1
                counters.batchSizes.note(plan.inserted.count)
            }
            counters.committedBids += plan.inserted.count
            counters.failedBids += plan.refusedBids
        }
        ownLast.withLock { last in
            for (product, row) in plan.rows where row.isOwnLast { last[product] = row.bidCount }
        }
    }

    /// The batch's transaction in two round trips (pipelines): BEGIN, the row locks and the bound
    /// keys; then, once every submission is decided, the writes, the notification and COMMIT. Only a
    /// conflict or a missed-bids read adds a round trip, for its own lot.
    private func write(_ batch: [LedgerQueue.Entry], on database: PostgresConnection,
                       commitSent: inout Bool) throws(StoreError) -> PostgresBatchPlan {
        let rows = Box<[ProductID: PostgresBatchPlan.Row]>([:]), bound = Box<[BidKey: AcceptedBid]>([:])
        let suspended = Box<Set<UserID>>([]), heads = Box<[ProductID: LogHead]>([:])
        let logged = signer == nil ? [] : Set(batch.flatMap { $0.bids.map { Int64($0.productID.rawValue) } }).sorted()
        let readHeads = logged.isEmpty ? [] : [PostgresLotLog.heads(of: logged) { heads.value[$0.lot] = $0 }]
        try database.pipeline([PipelinedStatement(sql: "BEGIN")] + lock(batch, into: rows) + suspendedPlacers(of: batch, into: suspended)
                              + boundKeys(of: batch, into: bound) + readHeads)
        var plan = PostgresBatchPlan(rows: rows.value, bound: bound.value, suspended: suspended.value)
        for entry in batch {
            try plan.decide(entry.submission, on: database)
        }
        var logWrites: [PipelinedStatement] = []
        if let signer, !plan.inserted.isEmpty {
            logWrites = try appendLog(batch, plan: &plan, heads: heads.value, signer: signer, on: database)
        }
        let moved = plan.rows.filter { $0.value.moved }.map { ($0.key, $0.value.bidCount) }.sorted { $0.0 < $1.0 }
        // The insert's statement trigger (`products_take_bids`) moves each product's count, price and last
        // change from its newest step: one new row version per product and batch, not one per bid plus one.
        var writes = insertBids(plan.inserted) + store(plan.changes) + logWrites
        writes += ClusterPayload.bidPayloads(moved).map {
            PipelinedStatement(sql: PostgresConnection.notifySQL, values: [.text(PostgresBidLedger.bidChannel), .text($0)])
        }
        commitSent = true
        try database.pipeline(writes + [PipelinedStatement(sql: "COMMIT")])
        return plan
    }

    /// The lot log's entries for the batch's stored submissions (a lot's first entry read from its
    /// locked row, still as it was), their receipts put on the plan's outcomes; the statement writing them.
    private func appendLog(_ batch: [LedgerQueue.Entry], plan: inout PostgresBatchPlan, heads: [ProductID: LogHead],
                           signer: LotLogSigner, on database: PostgresConnection) throws(StoreError) -> [PipelinedStatement] {
        var log = LotLogAppend(heads: heads)
        var stored: [(index: Int, submission: LedgerSubmission, sequences: [Int64])] = []
        for (index, (entry, outcome)) in zip(batch, plan.outcomes).enumerated() {
            guard case .committed(let committed) = outcome, !entry.bids.isEmpty else { continue }
            stored.append((index, entry.submission, committed.sequences))
        }
        for lot in Set(stored.flatMap { $0.submission.bids.map(\.productID) }).sorted() where !log.hasHead(lot) {
            if let listing = try LotLogRows.listing(of: lot, signer: signer, on: database) {
                log.append(listing.event, to: lot, at: listing.time)
            }
        }
        let now = stored.lazy.flatMap(\.submission.bids).map(\.acceptedAt).max() ?? Timestamp(millisecondsSinceEpoch: 0)
        guard let (commit, committed) = log.appendCommitted(stored.map(\.submission), sequences: stored.flatMap(\.sequences),
                                                            signer: signer, at: now) else { return [] }
        for (place, receipts) in zip(stored.map(\.index), committed.map(\.receipts)) {
            plan.attach(receipts, toOutcome: place)
        }
        return [PostgresLotLog.write(log.entries, commit)]
    }

    /// Locks every product the batch touches, in id order, reading their rows as stored into `rows`.
    private func lock(_ batch: [LedgerQueue.Entry], into rows: Box<[ProductID: PostgresBatchPlan.Row]>) -> [PipelinedStatement] {
        var ids = Set<Int64>()
        for entry in batch {
            for bid in entry.bids { ids.insert(Int64(bid.productID.rawValue)) }
            for change in entry.changes { ids.insert(Int64(change.changedProduct.rawValue)) }
        }
        guard !ids.isEmpty else { return [] }
        let own = ownLast.withLock { $0 }
        return [PipelinedStatement(sql: """
            SELECT id, current_price, bid_count, closed_at IS NOT NULL OR withdrawn_at IS NOT NULL, edited_at
            FROM products WHERE id = ANY(?::bigint[]) ORDER BY id FOR UPDATE
            """, values: [PostgresArrays.integers(ids.sorted())]) { row in
                let product = ProductID(Int(clamping: row.int64(0)))
                var locked = PostgresBatchPlan.Row(price: row.int64(1), bidCount: row.int64(2), isClosed: row.text(3) == "t",
                                                   version: row.optionalInt64(4))
                locked.isOwnLast = locked.bidCount > 0 && own[product] == locked.bidCount
                rows.value[product] = locked
            }]
    }

    /// Reads which of the batch's placers the store holds suspended into `suspended`. Their user rows
    /// are share-locked (`FOR KEY SHARE`, as the bids' foreign key locks them anyway): a suspension
    /// holds its user's row `FOR UPDATE` until it commits, so a batch either commits before it (and
    /// the suspension's retraction of leads, read after its commit, sees these bids) or reads it.
    private func suspendedPlacers(of batch: [LedgerQueue.Entry], into suspended: Box<Set<UserID>>) -> [PipelinedStatement] {
        let placers = Set(batch.flatMap { PostgresBatchPlan.placers(of: $0.submission) })
        guard !placers.isEmpty else { return [] }
        let now = batch.lazy.flatMap(\.bids).map(\.acceptedAt.millisecondsSinceEpoch).max() ?? 0
        return [PipelinedStatement(sql: """
            SELECT id, \(AccountStore.Suspension.inForceSQL("users"))
            FROM users WHERE id = ANY(?::bigint[]) ORDER BY id FOR KEY SHARE
            """, values: [.integer(now), PostgresArrays.integers(placers.map(\.rawValue).sorted())]) { row in
                if row.text(1) == "t" { suspended.value.insert(UserID(rawValue: row.int64(0))) }
            }]
    }

    /// Frees the batch's keys whose bids are older than the key lifetime, then reads the ones still
    /// bound into `bound` (the first bid per key).
    private func boundKeys(of batch: [LedgerQueue.Entry], into bound: Box<[BidKey: AcceptedBid]>) -> [PipelinedStatement] {
        var keys: [BidKey] = [], cutoffs: [Int64?] = []
        for entry in batch {
            for bid in entry.bids {
                guard let key = BidKey(bid) else { continue }
                keys.append(key)
                cutoffs.append(bid.acceptedAt.millisecondsSinceEpoch &- keyLifetimeMilliseconds)
            }
        }
        guard !keys.isEmpty else { return [] }
        let users = PostgresArrays.integers(keys.map(\.user.rawValue)), texts = PostgresArrays.texts(keys.map(\.key))
        return [
            PipelinedStatement(sql: """
                UPDATE bids SET idempotency_key = NULL
                FROM unnest(?::bigint[], ?::text[], ?::bigint[]) AS k(user_id, key, cutoff)
                WHERE bids.user_id = k.user_id AND bids.idempotency_key = k.key AND bids.accepted_at <= k.cutoff
                """, values: [users, texts, PostgresArrays.integers(cutoffs)]),
            PipelinedStatement(sql: LedgerReads.keyedBidsSQL, values: [users, texts]) { row in
                let bid = AcceptedBid(storedRow: row)
                guard let key = BidKey(bid), bound.value[key] == nil else { return }
                bound.value[key] = bid
            },
        ]
    }

    /// One INSERT for every committed bid, with its `seq`.
    private func insertBids(_ bids: [SequencedBid]) -> [PipelinedStatement] {
        guard !bids.isEmpty else { return [] }
        return [PipelinedStatement(sql: """
            INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key, seq,
                              placed_by, placed_price, placed_maximum)
            SELECT * FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::bigint[],
                                 ?::bigint[], ?::bigint[], ?::bigint[])
            """, values: [
                PostgresArrays.integers(bids.map { Int64($0.bid.productID.rawValue) }),
                PostgresArrays.integers(bids.map(\.bid.price.minorUnits)),
                PostgresArrays.integers(bids.map(\.bid.previousPrice.minorUnits)),
                PostgresArrays.integers(bids.map { $0.bid.bidder?.rawValue }),
                PostgresArrays.integers(bids.map(\.bid.acceptedAt.millisecondsSinceEpoch)),
                PostgresArrays.integers(bids.map { $0.bid.isAutomatic ? 1 : 0 }),
                PostgresArrays.texts(bids.map { $0.bid.bidder == nil ? nil : $0.bid.idempotencyKey }),
                PostgresArrays.integers(bids.map(\.sequence)),
                PostgresArrays.integers(bids.map { $0.bid.placement?.bidder?.rawValue }),
                PostgresArrays.integers(bids.map { $0.bid.placement?.price.minorUnits }),
                PostgresArrays.integers(bids.map { $0.bid.placement?.maximum?.minorUnits }),
            ])]
    }

    /// The committed submissions' lot changes: maximums in one upsert (the last per bidder and lot),
    /// moved ends and purchases in order.
    private func store(_ changes: [LotChange]) -> [PipelinedStatement] {
        var statements: [PipelinedStatement] = []
        var maximums: [ProxyKey: (Money, Timestamp)] = [:]
        var order: [ProxyKey] = []
        for change in changes {
            switch change {
            case .maximum(let product, let user, let maximum, let placedAt):
                let key = ProxyKey(product: product, user: user)
                if maximums[key] == nil { order.append(key) }
                maximums[key] = (maximum, placedAt)
            case .endTime(let product, let endsAt, let extensions):
                statements.append(PipelinedStatement(sql: "UPDATE products SET ends_at = ?, extensions = ? WHERE id = ?", values: [
                    .integer(endsAt.millisecondsSinceEpoch), .integer(Int64(extensions)), .integer(Int64(product.rawValue)),
                ]))
            case .bought(let product, let at):
                statements.append(PipelinedStatement(sql: "UPDATE products SET ends_at = ?, bought_at = ? WHERE id = ?", values: [
                    .integer(at.millisecondsSinceEpoch), .integer(at.millisecondsSinceEpoch), .integer(Int64(product.rawValue)),
                ]))
            }
        }
        guard !order.isEmpty else { return statements }
        return statements + [PipelinedStatement(sql: """
            INSERT INTO proxy_maximums (product_id, user_id, maximum, placed_at)
            SELECT * FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[])
            ON CONFLICT (product_id, user_id) DO UPDATE SET maximum = excluded.maximum, placed_at = excluded.placed_at
            """, values: [
                PostgresArrays.integers(order.map { Int64($0.product.rawValue) }),
                PostgresArrays.integers(order.map(\.user.rawValue)),
                PostgresArrays.integers(order.map { maximums[$0]?.0.minorUnits ?? 0 }),
                PostgresArrays.integers(order.map { maximums[$0]?.1.millisecondsSinceEpoch ?? 0 }),
            ])]
    }

    /// A bidder's maximum on a lot.
    private struct ProxyKey: Hashable {
        var product: ProductID
        var user: UserID
    }

    /// A value a pipeline's row readers fill in.
    private final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
}

extension LotChange {
    /// The product it changes.
    fileprivate var changedProduct: ProductID {
        switch self {
        case .maximum(let product, _, _, _), .endTime(let product, _, _), .bought(let product, _): product
        }
    }
}

extension StoreError {
    /// The SQLSTATE of a PostgreSQL error (nil for any other).
    var sqlState: String? {
        if case .postgres(let state, _, _) = self { return state }
        return nil
    }
}
