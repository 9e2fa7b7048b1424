import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// The PostgreSQL ledger's writer: one transaction per batch, each submission decided in it once.
///
/// The batch first locks the rows of every product it touches (`FOR UPDATE`, in id order, so two
/// nodes never deadlock). Each submission then runs in its own savepoint: a keyed bid whose key
/// is already bound fails as a duplicate (its original is kept for the bid path); a bid whose
/// product's stored price is not the one it was decided from, that is closed, or whose lot's terms
/// changed (`edited_at` differs from the version the bid path pinned to it), fails as a
/// conflict (the stored lot and the bids the node missed are kept for the bid path) and writes
/// nothing; a bid at the stored price that follows another node's bids its node has not adopted
/// yet keeps those bids for the bid path to push first; otherwise its
/// bids are inserted with `seq = bid_count + 1…` and its lot changes written. Product rows and
/// `pg_notify('auction_bids', '<product>:<seq>')` follow for every product that moved, and one
/// COMMIT holds it all; completions run after it. A lost connection fails the whole batch with
/// `.unavailable` (nothing was written).
///
/// `Sendable`: the connection is behind its own `Mutex`, the counters and kept conflicts in others.
final class PostgresBidLedgerWriter: BatchCommitting {
    /// The connection (reopened after a break).
    let connection: PostgresBidLedgerConnection
    private let keyLifetimeMilliseconds: Int64
    private let counters = Mutex(LedgerStatistics())
    /// What the last conflicts found, for the bid path to take.
    let conflicts = PostgresBidLedgerConflicts()

    init(connection: PostgresBidLedgerConnection, keyLifetimeMilliseconds: Int64) {
        self.connection = connection
        self.keyLifetimeMilliseconds = keyLifetimeMilliseconds
    }

    /// Closes the writer's connection (writer thread, after the last batch).
    func close() {
        connection.close()
    }

    /// What the writer has done so far (any thread).
    var statistics: LedgerStatistics {
        counters.withLock { $0 }
    }

    /// A locked product row as the batch has left it so far.
    struct ProductRow {
        var price: Int64
        var bidCount: Int64
        var isClosed: Bool
        /// Whether the node that owns this writer knows every stored bid of the product: the last one is
        /// its own (committed here, this batch or before) or its book adopted them all.
        var isKnown: Bool
        /// The stored terms version (`edited_at`; nil: never edited).
        var version: Int64?
    }

    /// Writes a batch in one transaction, then answers every completion in it.
    func commit(_ batch: [LedgerQueue.Entry]) {
        let results: [Result<Void, StoreError>]
        do {
            let written = try connection.withConnection { database throws(StoreError) -> Written in
                try database.transaction { () throws(StoreError) -> Written in
                    try write(batch, on: database)
                }
            }
            results = written.results
            conflicts.keep(sequences: written.sequences)
        } catch {
            results = batch.map { _ in .failure(error) }
        }
        for (entry, result) in zip(batch, results) {
            count(entry.bids.count, failed: (try? result.get()) == nil)
        }
        if results.contains(where: { (try? $0.get()) != nil }) {
            counters.withLock { $0.commits += 1 }
            counters.withLock { $0.batchSizes.note(batch, results) }
        }
        for (entry, result) in zip(batch, results) { entry.completion(result) }
    }

    /// A batch's results, and the `seq` each committed bid got.
    private struct Written {
        var results: [Result<Void, StoreError>] = []
        var sequences: [(AcceptedBid, Int64)] = []
    }

    private func write(_ batch: [LedgerQueue.Entry], on database: PostgresConnection) throws(StoreError) -> Written {
        var rows = try lock(batch, on: database)
        var sequences: [(AcceptedBid, Int64)] = []
        var latest: [ProductID: AcceptedBid] = [:]
        var results: [Result<Void, StoreError>] = []
        results.reserveCapacity(batch.count)
        for entry in batch {
            try database.execute("SAVEPOINT submission")
            do throws(StoreError) {
                let after = try write(entry, rows: rows, on: database)
                try database.execute("RELEASE SAVEPOINT submission")
                // Bids of one product in a submission are numbered in order from its count before it.
                var counts: [ProductID: Int64] = [:]
                for bid in entry.bids {
                    let sequence = (counts[bid.productID] ?? rows[bid.productID]?.bidCount ?? 0) &+ 1
                    counts[bid.productID] = sequence
                    sequences.append((bid, sequence))
                }
                rows = after
                for bid in entry.bids { latest[bid.productID] = bid }
                results.append(.success(()))
            } catch {
                if case .unavailable = error { throw error }
                try database.execute("ROLLBACK TO SAVEPOINT submission")
                if error.isDuplicateBidKey { try keepOriginals(of: entry, on: database) }
                results.append(.failure(error))
            }
        }
        for (product, bid) in latest.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try database.run("UPDATE products SET current_price = ?, last_change = ?, last_change_at = ? WHERE id = ?", [
                .integer(bid.price.minorUnits), .integer((bid.price - bid.previousPrice).minorUnits),
                .integer(bid.acceptedAt.millisecondsSinceEpoch), .integer(Int64(product.rawValue)),
            ])
            let seq = rows[product]?.bidCount ?? 0
            try database.notify(PostgresBidLedger.bidChannel, payload: "\(product.rawValue):\(seq)")
        }
        return Written(results: results, sequences: sequences)
    }

    /// Locks every product the batch touches, in id order; their rows as stored.
    private func lock(_ batch: [LedgerQueue.Entry], on database: PostgresConnection) throws(StoreError) -> [ProductID: ProductRow] {
        var ids = Set<Int>()
        for entry in batch {
            for bid in entry.bids { ids.insert(bid.productID.rawValue) }
            for change in entry.changes { ids.insert(change.changedProduct.rawValue) }
        }
        guard !ids.isEmpty else { return [:] }
        let list = "{" + ids.sorted().map(String.init).joined(separator: ",") + "}"
        var rows: [ProductID: ProductRow] = [:]
        for (id, row) in try database.query("""
            SELECT id, current_price, bid_count, closed_at IS NOT NULL OR withdrawn_at IS NOT NULL, edited_at
            FROM products WHERE id = ANY(?::bigint[]) ORDER BY id FOR UPDATE
            """, [.text(list)], row: { row -> (Int64, ProductRow) in
                (row.int64(0), ProductRow(price: row.int64(1), bidCount: row.int64(2), isClosed: row.text(3) == "t", isKnown: false,
                                          version: row.optionalInt64(4)))
            }) {
            var row = row
            let product = ProductID(Int(id))
            row.isKnown = conflicts.isOwnLast(row.bidCount, of: product) || conflicts.knowsAll(row.bidCount, of: product)
            rows[product] = row
        }
        return rows
    }

    /// One submission inside its savepoint; the rows after it (unchanged by the caller when it throws).
    private func write(_ entry: LedgerQueue.Entry, rows: [ProductID: ProductRow], on database: PostgresConnection)
        throws(StoreError) -> [ProductID: ProductRow] {
        var rows = rows
        // The terms version the decision was made on (pinned by the bid path), for its lot.
        let pin = entry.bids.first.flatMap { conflicts.takePin(of: $0) }
        for bid in entry.bids {
            if let key = bid.idempotencyKey, let user = bid.bidder {
                // A key older than its lifetime is free again: its old bid gives it up.
                try database.run("UPDATE bids SET idempotency_key = NULL WHERE user_id = ? AND idempotency_key = ? AND accepted_at <= ?", [
                    .integer(user.rawValue), .text(key), .integer(bid.acceptedAt.millisecondsSinceEpoch &- keyLifetimeMilliseconds),
                ])
                if let original = try PostgresBidLedgerConflicts.keyedBid(user: user, key: key, on: database) {
                    conflicts.keep(original, user: user, key: key)
                    throw StoreError.duplicateBidKey(target: database.target, user: user)
                }
            }
        }
        for bid in entry.bids {
            guard var row = rows[bid.productID] else {
                throw StoreError.postgres(sqlState: "23503", message: "no product \(bid.productID.rawValue)", target: database.target)
            }
            // Decided on terms a seller's edit on another node has changed since: a conflict as well.
            let termsChanged = pin.map { $0.version != row.version && bid.productID == entry.bids.first?.productID } ?? false
            if row.isClosed || row.price != bid.previousPrice.minorUnits || termsChanged {
                // The lot and the bids the node has not seen, for the bid path to adopt (pushed) before deciding again.
                let known = conflicts.known(of: bid.productID)
                if let read = try ClusterReads.bidsInTransaction(of: bid.productID, after: known, database), let first = entry.bids.first {
                    conflicts.keep(read, for: first)
                }
                throw StoreError.bidConflict(target: database.target, productID: bid.productID,
                                             storedPrice: Money(row.price), decidedFrom: bid.previousPrice)
            }
            if !row.isKnown, let first = entry.bids.first,
               let missed = try ClusterReads.bidsInTransaction(of: bid.productID, after: conflicts.known(of: bid.productID), database) {
                // At the decided price, but after bids of another node the book never saw (the same
                // price by chance): they are pushed before this one, or its seq would skip theirs.
                conflicts.keep(missed: missed, for: first)
            }
            row.bidCount &+= 1
            row.price = bid.price.minorUnits
            row.isKnown = true
            rows[bid.productID] = row
            try database.run("""
                INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key, seq)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [
                    .integer(Int64(bid.productID.rawValue)), .integer(bid.price.minorUnits),
                    .integer(bid.previousPrice.minorUnits), .integer(bid.bidder?.rawValue),
                    .integer(bid.acceptedAt.millisecondsSinceEpoch), .integer(bid.isAutomatic ? 1 : 0),
                    .text(bid.bidder == nil ? nil : bid.idempotencyKey), .integer(row.bidCount),
                ])
        }
        for change in entry.changes {
            try store(change, on: database)
        }
        return rows
    }

    /// After a duplicate key found by the unique index (a race with another node), keeps the originals.
    private func keepOriginals(of entry: LedgerQueue.Entry, on database: PostgresConnection) throws(StoreError) {
        for bid in entry.bids {
            guard let key = bid.idempotencyKey, let user = bid.bidder,
                  let original = try PostgresBidLedgerConflicts.keyedBid(user: user, key: key, on: database)
            else { continue }
            conflicts.keep(original, user: user, key: key)
        }
    }

    private func store(_ change: LotChange, on database: PostgresConnection) throws(StoreError) {
        switch change {
        case .maximum(let product, let user, let maximum, let placedAt):
            try database.run("""
                INSERT INTO proxy_maximums (product_id, user_id, maximum, placed_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (product_id, user_id) DO UPDATE SET maximum = excluded.maximum, placed_at = excluded.placed_at
                """, [
                    .integer(Int64(product.rawValue)), .integer(user.rawValue), .integer(maximum.minorUnits),
                    .integer(placedAt.millisecondsSinceEpoch),
                ])
        case .endTime(let product, let endsAt, let extensions):
            try database.run("UPDATE products SET ends_at = ?, extensions = ? WHERE id = ?", [
                .integer(endsAt.millisecondsSinceEpoch), .integer(Int64(extensions)), .integer(Int64(product.rawValue)),
            ])
        case .bought(let product, let at):
            try database.run("UPDATE products SET ends_at = ?, bought_at = ? WHERE id = ?", [
                .integer(at.millisecondsSinceEpoch), .integer(at.millisecondsSinceEpoch), .integer(Int64(product.rawValue)),
            ])
        }
    }

    private func count(_ bids: Int, failed: Bool) {
        counters.withLock { counters in
            if failed {
                counters.failedBids += bids
            } else {
                counters.committedBids += bids
            }
        }
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
