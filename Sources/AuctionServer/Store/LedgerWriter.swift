import AuctionCore
import AuctionInfrastructure
import AuctionLotLog
import CSQLite

/// The ledger's writer connection and its statements; used on the writer thread.
///
/// `close` finalizes the statements before closing the connection: `sqlite3_close_v2` with
/// statements still alive leaves a "zombie" connection open, and SQLite only checkpoints the WAL
/// into the database file when the last connection really closes.
///
/// `Sendable`: the connection and its statements sit in one `Mutex` (only the writer thread takes
/// it, so it is never contended), the counters in another. Completions run outside both locks.
final class LedgerWriter: BatchCommitting {
    private struct Statements {
        var insertBid: SQLiteStatement
        var updateProduct: SQLiteStatement
        var releaseKey: SQLiteStatement
        var upsertMaximum: SQLiteStatement
        var moveEnd: SQLiteStatement
        var markBought: SQLiteStatement
        var bidCount: SQLiteStatement
        var logHead: SQLiteStatement
        var insertLogEntry: SQLiteStatement
        var insertLogSignature: SQLiteStatement
        var dataVersion: SQLiteStatement
    }

    /// The writer's connection and, until `close`, its prepared statements.
    private struct Connection {
        var database: SQLiteDatabase
        var statements: Statements?
    }

    private let connection: Mutex<Connection>
    private let counters = Mutex(LedgerStatistics())
    /// The heads this writer wrote last, while no other connection has committed (only the writer thread takes it).
    private let headCache = Mutex(LedgerHeadCache())

    /// How long an idempotency key stays bound to its bid; an older bid gives the key up to a new one.
    private let keyLifetimeMilliseconds: Int64
    /// Signs the lot logs' heads each commit appends to (nil: the store keeps no log, as in some tests).
    private let signer: LotLogSigner?

    init(database: sending SQLiteDatabase, keyLifetimeMilliseconds: Int64 = 86_400_000, signer: LotLogSigner? = nil) throws(StoreError) {
        self.keyLifetimeMilliseconds = keyLifetimeMilliseconds
        self.signer = signer
        let statements = Statements(
            insertBid: try database.prepare("""
                INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key,
                                  placed_by, placed_price, placed_maximum)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """),
            updateProduct: try database.prepare("""
                UPDATE products SET current_price = ?, last_change = ?, last_change_at = ? WHERE id = ?
                """),
            releaseKey: try database.prepare("""
                UPDATE bids SET idempotency_key = NULL WHERE user_id = ? AND idempotency_key = ? AND accepted_at <= ?
                """),
            upsertMaximum: try database.prepare("""
                INSERT INTO proxy_maximums (product_id, user_id, maximum, placed_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (product_id, user_id) DO UPDATE SET maximum = excluded.maximum, placed_at = excluded.placed_at
                """),
            moveEnd: try database.prepare("UPDATE products SET ends_at = ?, extensions = ? WHERE id = ?"),
            markBought: try database.prepare("UPDATE products SET ends_at = ?, bought_at = ? WHERE id = ?"),
            bidCount: try database.prepare("SELECT bid_count FROM products WHERE id = ?"),
            logHead: try database.prepare("SELECT seq, hash FROM lot_log WHERE product_id = ? ORDER BY seq DESC LIMIT 1"),
            insertLogEntry: try database.prepare("INSERT INTO lot_log (product_id, seq, entry, hash, signature_id) VALUES (?, ?, ?, ?, ?)"),
            insertLogSignature: try database.prepare("INSERT INTO log_signatures (signed_at, key_id, leaves, signature) VALUES (?, ?, ?, ?)"),
            dataVersion: try database.prepare("PRAGMA data_version"))
        connection = Mutex(Connection(database: database, statements: statements))
    }

    /// What the writer has done so far (any thread).
    var statistics: LedgerStatistics {
        counters.withLock { $0 }
    }

    /// Writes a batch in one transaction, then answers every completion in it with its bids'
    /// sequence numbers.
    ///
    /// When the batch fails on a constraint (e.g. a bid for a product that does not exist),
    /// each entry is retried in its own transaction so one bad bid cannot sink the others; an entry
    /// whose idempotency key is bound already is answered `duplicateKey`, as the shared store does.
    /// Any other failure (I/O, lock timeout, full disk) fails every entry: nothing is lost silently.
    @discardableResult
    func commit(_ batch: [LedgerQueue.Entry]) -> CommitReport {
        if batch.allSatisfy({ $0.bids.isEmpty && $0.changes.isEmpty }) {
            // Only barriers (`SocketService.afterDecidedBidsCommit`): answered in order, nothing to write.
            for entry in batch { entry.completion(.committed(CommittedBids(sequences: []))) }
            return .idle
        }
        let outcomes = connection.withLock { connection -> [CommitOutcome<StoreError>] in
            do throws(StoreError) {
                return try write(batch.map(\.submission), on: connection).map { .committed($0) }
            } catch {
                guard error.sqliteCode == SQLITE_CONSTRAINT else {
                    count(batch.reduce(0) { $0 + $1.bids.count }, failed: true)
                    return batch.map { _ in .unavailable(error) }
                }
                guard batch.count > 1 else { return [failed(batch[0], error, on: connection.database)] }
                return batch.map { entry -> CommitOutcome<StoreError> in
                    do throws(StoreError) {
                        return .committed(try write([entry.submission], on: connection)[0])
                    } catch {
                        return failed(entry, error, on: connection.database)
                    }
                }
            }
        }
        for (entry, outcome) in zip(batch, outcomes) { entry.completion(outcome) }
        return CommitReport(outcomes)
    }

    /// `BEGIN IMMEDIATE` and `COMMIT` with nothing between: whether the write lock can be taken again.
    func probe() -> CommitReport {
        connection.withLock { connection -> CommitReport in
            do throws(StoreError) {
                try connection.database.transaction(.immediate) { () throws(StoreError) in }
                return .stored
            } catch {
                return .failed(error)
            }
        }
    }

    /// Finalizes the statements and closes the connection.
    func close() {
        connection.withLock { connection in
            connection.statements = nil
            connection.database.close()
        }
    }

    /// An entry that failed on its own: `duplicateKey` with the bid its key is bound to, else `unavailable`.
    private func failed(_ entry: LedgerQueue.Entry, _ error: StoreError, on database: SQLiteDatabase) -> CommitOutcome<StoreError> {
        count(entry.bids.count, failed: true)
        guard error.sqliteCode == SQLITE_CONSTRAINT, let original = Self.boundBid(of: entry.bids, in: database) else { return .unavailable(error) }
        return .duplicateKey(original: original)
    }

    private func count(_ bids: Int, failed: Bool) {
        counters.withLock { counters in
            if failed {
                counters.failedBids += bids
            } else {
                counters.commits += 1
                counters.committedBids += bids
                counters.batchSizes.note(bids)
            }
        }
    }

    /// Writes submissions in one transaction, with their lot log entries; what each got: its bids'
    /// sequence numbers on their products and their receipts, in order.
    private func write(_ submissions: [LedgerSubmission], on connection: Connection) throws(StoreError) -> [CommittedBids] {
        let database = connection.database
        let bids = submissions.flatMap(\.bids), changes = submissions.flatMap(\.changes)
        var written: (heads: [LogHead], version: Int64)?
        let committed: [CommittedBids]
        do throws(StoreError) {
            committed = try database.transaction(.immediate) { () throws(StoreError) -> [CommittedBids] in
                guard let signer, !bids.isEmpty else { return Self.split(try write(bids, changes: changes, on: connection), by: submissions) }
                // The heads and first listings are read before the bids move the products.
                let version = try dataVersion(on: connection)
                let known = headCache.withLock { $0.heads(at: version) }
                var log = try startLog(Set(bids.map(\.productID)), known: known, signer: signer, on: connection)
                let sequences = try write(bids, changes: changes, on: connection)
                let now = bids.map(\.acceptedAt).max() ?? Timestamp(millisecondsSinceEpoch: 0)
                guard let (commit, committed) = log.appendCommitted(submissions, sequences: sequences, signer: signer, at: now) else {
                    return Self.split(sequences, by: submissions)
                }
                try writeLog(log.entries, commit, on: connection)
                written = (commit.heads, version)
                return committed
            }
        } catch {
            headCache.withLock { $0.forget() }
            throw error
        }
        if let written { headCache.withLock { $0.remember(written.heads, at: written.version) } }
        count(bids.count, failed: false)
        return committed
    }

    /// `PRAGMA data_version`: it changes when another connection commits (this one's commits leave it).
    private func dataVersion(on connection: Connection) throws(StoreError) -> Int64 {
        guard let statements = connection.statements else { throw StoreError.closed(path: connection.database.path) }
        let read = statements.dataVersion
        read.reset()
        defer { read.reset() }
        guard try read.step() else { throw StoreError.closed(path: connection.database.path) }
        return read.int64(0)
    }

    /// The lots' heads (`known` ones as given, the rest through the prepared statement), and the
    /// listing of a lot without a log yet.
    private func startLog(_ lots: Set<ProductID>, known: [ProductID: LogHead], signer: LotLogSigner,
                          on connection: Connection) throws(StoreError) -> LotLogAppend {
        guard let statements = connection.statements else { throw StoreError.closed(path: connection.database.path) }
        let read = statements.logHead
        var heads: [ProductID: LogHead] = [:]
        for lot in lots {
            if let head = known[lot] {
                heads[lot] = head
                continue
            }
            read.reset()
            defer { read.reset() }
            try read.bind([.integer(Int64(lot.rawValue))])
            if try read.step() { heads[lot] = LogHead(lot: lot, seq: UInt64(clamping: read.int64(0)), hash: read.blob(1)) }
        }
        var log = LotLogAppend(heads: heads)
        for lot in lots.sorted() where heads[lot] == nil {
            if let listing = try LotLogRows.listing(of: lot, signer: signer, on: connection.database) {
                log.append(listing.event, to: lot, at: listing.time)
            }
        }
        return log
    }

    /// The commit's signature, then its entries, through the prepared statements.
    private func writeLog(_ entries: [ChainedEntry], _ commit: SignedCommit, on connection: Connection) throws(StoreError) {
        guard let statements = connection.statements else { throw StoreError.closed(path: connection.database.path) }
        try run(statements.insertLogSignature, [
            .integer(commit.signedAt.millisecondsSinceEpoch), .blob(commit.keyID), .blob(commit.leavesBlob), .blob(commit.signature),
        ])
        let signature = connection.database.lastInsertRowID
        for chained in entries {
            try run(statements.insertLogEntry, [
                .integer(Int64(chained.entry.lot.rawValue)), .integer(Int64(clamping: chained.entry.seq)), .blob(chained.bytes),
                .blob(chained.hash), .integer(signature),
            ])
        }
    }

    /// Each submission's share of `sequences`, without receipts.
    private static func split(_ sequences: [Int64], by submissions: [LedgerSubmission]) -> [CommittedBids] {
        var rest = sequences[...]
        return submissions.map { submission in
            defer { rest = rest.dropFirst(submission.bids.count) }
            return CommittedBids(sequences: Array(rest.prefix(submission.bids.count)))
        }
    }

    /// Writes bids and changes inside the caller's transaction; each bid's sequence number on its product, in order.
    private func write(_ bids: [AcceptedBid], changes: [LotChange], on connection: Connection) throws(StoreError) -> [Int64] {
        let database = connection.database
        guard let statements = connection.statements else { throw StoreError.closed(path: database.path) }
        let insertBid = statements.insertBid, updateProduct = statements.updateProduct
        var latest: [ProductID: AcceptedBid] = [:]
        var counts: [ProductID: Int64] = [:]
        var sequences: [Int64] = []
        sequences.reserveCapacity(bids.count)
        for bid in bids {
            let before: Int64
            if let counted = counts[bid.productID] {
                before = counted
            } else {
                before = try storedBidCount(of: bid.productID, statements.bidCount)
            }
            counts[bid.productID] = before &+ 1
            sequences.append(before &+ 1)
            if let key = bid.idempotencyKey, let user = bid.bidder {
                // A key older than its lifetime is free again: its old bid gives it up.
                try run(statements.releaseKey, [
                    .integer(user.rawValue), .text(key),
                    .integer(bid.acceptedAt.millisecondsSinceEpoch &- keyLifetimeMilliseconds),
                ])
            }
            insertBid.reset()
            try insertBid.bind([
                .integer(Int64(bid.productID.rawValue)), .integer(bid.price.minorUnits),
                .integer(bid.previousPrice.minorUnits), .integer(bid.bidder?.rawValue),
                .integer(bid.acceptedAt.millisecondsSinceEpoch), .integer(bid.isAutomatic ? 1 : 0),
                .text(bid.bidder == nil ? nil : bid.idempotencyKey),
                .integer(bid.placement?.bidder?.rawValue), .integer(bid.placement?.price.minorUnits),
                .integer(bid.placement?.maximum?.minorUnits),
            ])
            try insertBid.step()
            latest[bid.productID] = bid
        }
        // Bids arrive in acceptance order, so the last one per product holds its price.
        for bid in latest.values {
            updateProduct.reset()
            try updateProduct.bind([
                .integer(bid.price.minorUnits), .integer((bid.price - bid.previousPrice).minorUnits),
                .integer(bid.acceptedAt.millisecondsSinceEpoch), .integer(Int64(bid.productID.rawValue)),
            ])
            try updateProduct.step()
        }
        for change in changes {
            try store(change, statements)
        }
        return sequences
    }

    /// A product's stored bid count (0 when there is no such product: its insert fails next).
    private func storedBidCount(of product: ProductID, _ statement: SQLiteStatement) throws(StoreError) -> Int64 {
        statement.reset()
        defer { statement.reset() }  // a statement left on its row would hold the transaction's read open
        try statement.bind([.integer(Int64(product.rawValue))])
        return try statement.step() ? statement.int64(0) : 0
    }

    private func store(_ change: LotChange, _ statements: Statements) throws(StoreError) {
        switch change {
        case .maximum(let product, let user, let maximum, let placedAt):
            try run(statements.upsertMaximum, [
                .integer(Int64(product.rawValue)), .integer(user.rawValue), .integer(maximum.minorUnits),
                .integer(placedAt.millisecondsSinceEpoch),
            ])
        case .endTime(let product, let endsAt, let extensions):
            try run(statements.moveEnd, [
                .integer(endsAt.millisecondsSinceEpoch), .integer(Int64(extensions)), .integer(Int64(product.rawValue)),
            ])
        case .bought(let product, let at):
            try run(statements.markBought, [
                .integer(at.millisecondsSinceEpoch), .integer(at.millisecondsSinceEpoch), .integer(Int64(product.rawValue)),
            ])
        }
    }

    private func run(_ statement: SQLiteStatement, _ values: [StoreValue]) throws(StoreError) {
        statement.reset()
        try statement.bind(values)
        try statement.step()
    }
}
