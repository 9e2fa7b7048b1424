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
    }

    private let database: SQLiteDatabase
    private var statements: Statements?
    private let statisticsLock = ConditionLock()
    private var counters = LedgerStatistics()

    init(database: SQLiteDatabase) throws(StoreError) {
        self.database = database
        statements = Statements(
            insertBid: try database.prepare("""
                INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at) VALUES (?, ?, ?, ?, ?)
                """),
            updateProduct: try database.prepare("""
                UPDATE products SET current_price = ?, last_change = ?, last_change_at = ? WHERE id = ?
                """))
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
            try write(batch.flatMap(\.bids))
            for entry in batch { entry.completion(.success(())) }
        } catch {
            guard batch.count > 1, error.sqliteCode == SQLITE_CONSTRAINT else {
                count(batch.reduce(0) { $0 + $1.bids.count }, failed: true)
                for entry in batch { entry.completion(.failure(error)) }
                return
            }
            for entry in batch {
                do {
                    try write(entry.bids)
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

    private func write(_ bids: [AcceptedBid]) throws(StoreError) {
        guard let statements else { throw StoreError.closed(path: database.path) }
        let insertBid = statements.insertBid, updateProduct = statements.updateProduct
        try database.transaction(.immediate) { () throws(StoreError) -> Void in
            var latest: [ProductID: AcceptedBid] = [:]
            for bid in bids {
                insertBid.reset()
                try insertBid.bind([
                    .integer(Int64(bid.productID.rawValue)), .integer(bid.price.minorUnits),
                    .integer(bid.previousPrice.minorUnits), .integer(bid.bidder?.rawValue),
                    .integer(bid.acceptedAt.millisecondsSinceEpoch),
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
        }
        count(bids.count, failed: false)
    }
}
