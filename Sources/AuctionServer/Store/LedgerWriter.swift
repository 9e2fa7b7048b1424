import AuctionCore
import AuctionInfrastructure
import CSQLite

/// The ledger's writer connection and its statements; used only on the writer thread.
///
/// `close` finalizes the statements before closing the connection: `sqlite3_close_v2` with
/// statements still alive leaves a "zombie" connection open, and SQLite only checkpoints the WAL
/// into the database file when the last connection really closes.
// @unchecked Sendable: the statements are used only on the writer thread; the counters only under `statisticsLock`.
final class LedgerWriter: @unchecked Sendable {
    private struct Statements {
        var insertBid: SQLiteStatement
        var updateProduct: SQLiteStatement
        var releaseKey: SQLiteStatement
        var upsertMaximum: SQLiteStatement
        var moveEnd: SQLiteStatement
        var markBought: SQLiteStatement
    }

    private let database: SQLiteDatabase
    private var statements: Statements?
    private let statisticsLock = ConditionLock()
    private var counters = LedgerStatistics()

    /// How long an idempotency key stays bound to its bid; an older bid gives the key up to a new one.
    private let keyLifetimeMilliseconds: Int64

    init(database: SQLiteDatabase, keyLifetimeMilliseconds: Int64 = 86_400_000) throws(StoreError) {
        self.database = database
        self.keyLifetimeMilliseconds = keyLifetimeMilliseconds
        statements = Statements(
            insertBid: try database.prepare("""
                INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key)
                VALUES (?, ?, ?, ?, ?, ?, ?)
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
            markBought: try database.prepare("UPDATE products SET ends_at = ?, bought_at = ? WHERE id = ?"))
    }

    /// What the writer has done so far (any thread).
    var statistics: LedgerStatistics {
        statisticsLock.withLock { counters }
    }

    /// Writes a batch in one transaction, then answers every completion in it.
    ///
    /// When the batch fails on a constraint (e.g. a bid for a product that does not exist),
    /// each entry is retried in its own transaction so one bad bid cannot sink the others.
    /// Any other failure (I/O, lock timeout, full disk) fails every entry: nothing is lost silently.
    func commit(_ batch: [LedgerQueue.Entry]) {
        do {
            try write(batch.flatMap(\.bids), changes: batch.flatMap(\.changes))
            for entry in batch { entry.completion(.success(())) }
        } catch {
            guard batch.count > 1, error.sqliteCode == SQLITE_CONSTRAINT else {
                count(batch.reduce(0) { $0 + $1.bids.count }, failed: true)
                for entry in batch { entry.completion(.failure(error)) }
                return
            }
            for entry in batch {
                do {
                    try write(entry.bids, changes: entry.changes)
                    entry.completion(.success(()))
                } catch {
                    count(entry.bids.count, failed: true)
                    entry.completion(.failure(error))
                }
            }
        }
    }

    /// Finalizes the statements and closes the connection.
    func close() {
        statements = nil
        database.close()
    }

    private func count(_ bids: Int, failed: Bool) {
        statisticsLock.withLock {
            if failed {
                counters.failedBids += bids
            } else {
                counters.commits += 1
                counters.committedBids += bids
            }
        }
    }

    private func write(_ bids: [AcceptedBid], changes: [LotChange]) throws(StoreError) {
        guard let statements else { throw StoreError.closed(path: database.path) }
        let insertBid = statements.insertBid, updateProduct = statements.updateProduct
        try database.transaction(.immediate) { () throws(StoreError) -> Void in
            var latest: [ProductID: AcceptedBid] = [:]
            for bid in bids {
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
        }
        count(bids.count, failed: false)
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

    private func run(_ statement: SQLiteStatement, _ values: [SQLiteValue]) throws(StoreError) {
        statement.reset()
        try statement.bind(values)
        try statement.step()
    }
}
