import AuctionCore
import AuctionLotLog

/// The lot log's SQL on either engine (`StoreDatabase`), inside the caller's transaction: the heads
/// of some lots, a first entry made from a product row, and a commit's entries and signature.
enum LotLogRows {
    /// A fact to append: what happened to which lot, when.
    struct Fact {
        /// The lot.
        var lot: ProductID
        /// What happened.
        var event: LotLogEvent
        /// When.
        var time: Timestamp
    }

    /// The stored heads of `lots` (lots without a log are absent).
    static func heads(of lots: some Sequence<ProductID>, on database: any StoreDatabase) throws(StoreError) -> [ProductID: LogHead] {
        var heads: [ProductID: LogHead] = [:]
        for lot in Set(lots) {
            let rows = try database.rows("SELECT seq, hash FROM lot_log WHERE product_id = ? ORDER BY seq DESC LIMIT 1",
                                         [.integer(Int64(lot.rawValue))]) { row in
                LogHead(lot: lot, seq: UInt64(clamping: row.int64(0)), hash: row.blob(1))
            }
            if let head = rows.first { heads[lot] = head }
        }
        return heads
    }

    /// The first entry of `lot`'s log, made from its product row as it stands: its terms with the
    /// server's soft close where it has none, its price and bid count; nil when there is no such product.
    static func listing(of lot: ProductID, signer: LotLogSigner, on database: any StoreDatabase) throws(StoreError) -> Listing? {
        try database.rows("""
            SELECT start_price, ends_at, buy_now_price, min_increment, extend_window_ms, extend_by_ms, max_extensions,
                   reserve_price, edited_at, current_price, bid_count, listed_at
            FROM products WHERE id = ?
            """, [.integer(Int64(lot.rawValue))]) { row -> Listing in
            let terms = terms(of: lot, row: row, signer: signer)
            return Listing(event: .listed(terms, price: Money(row.int64(9)), bidCount: row.int64(10)),
                           time: Timestamp(millisecondsSinceEpoch: row.int64(11)))
        }.first
    }

    /// A lot's first entry and its time (when the lot was listed).
    struct Listing {
        /// The `listed` event.
        var event: LotLogEvent
        /// When the lot was listed.
        var time: Timestamp
    }

    /// Starts an append for `lots`: their heads, and the listing of each lot without a log yet,
    /// read before the transaction's own writes move the products.
    static func start(_ lots: some Sequence<ProductID>, signer: LotLogSigner, on database: any StoreDatabase) throws(StoreError) -> LotLogAppend {
        let lots = Set(lots)
        var append = LotLogAppend(heads: try heads(of: lots, on: database))
        for lot in lots.sorted() where !append.hasHead(lot) {
            if let listing = try listing(of: lot, signer: signer, on: database) {
                append.append(listing.event, to: lot, at: listing.time)
            }
        }
        return append
    }

    /// The terms a row of `listing`'s columns (0–8) states.
    static func terms(of lot: ProductID, row: any StoreRow, signer: LotLogSigner) -> LotLogTerms {
        let reserve = row.optionalInt64(7).map { price in
            RevealedReserve(price: Money(price), nonce: signer.secrets.reserveNonce(on: lot, version: row.optionalInt64(8) ?? 0))
        }
        // Field by field over the server's defaults, as `LotTerms.auctionTerms(defaults:)` builds the engine's.
        let limit = row.optionalInt64(6) ?? signer.softClose.maxExtensions.map(Int64.init)
        return LotLogTerms(startPrice: Money(row.int64(0)), endsAt: row.optionalInt64(1).map(Timestamp.init(millisecondsSinceEpoch:)),
                           buyNow: row.optionalInt64(2).map { Money($0) }, minimumIncrement: row.optionalInt64(3).map { Money($0) },
                           extendWindowMilliseconds: row.optionalInt64(4) ?? signer.softClose.window,
                           extendByMilliseconds: row.optionalInt64(5) ?? signer.softClose.extendBy,
                           maximumExtensions: limit, reserveCommitment: reserve?.commitment)
    }

    /// Appends `facts` to their lots' logs (a lot without a log gets its listing first), signs the
    /// new heads once and writes both; the append and the signed commit (nil when nothing was appended).
    @discardableResult
    static func append(_ facts: [Fact], signer: LotLogSigner, at time: Timestamp,
                       on database: any StoreDatabase) throws(StoreError) -> (LotLogAppend, SignedCommit)? {
        guard !facts.isEmpty else { return nil }
        var append = try start(facts.map(\.lot), signer: signer, on: database)
        for fact in facts {
            append.append(fact.event, to: fact.lot, at: fact.time)
        }
        let commit = signer.sign(append.newHeads, at: time)
        try write(append.entries, commit, on: database)
        return (append, commit)
    }

    /// Writes a commit's signature, then its entries pointing at it.
    static func write(_ entries: [ChainedEntry], _ commit: SignedCommit, on database: any StoreDatabase) throws(StoreError) {
        let signature = try database.insertReturningID("""
            INSERT INTO log_signatures (signed_at, key_id, leaves, signature) VALUES (?, ?, ?, ?)
            """, [.integer(commit.signedAt.millisecondsSinceEpoch), .blob(commit.keyID), .blob(commit.leavesBlob), .blob(commit.signature)])
        for chained in entries {
            try database.write("INSERT INTO lot_log (product_id, seq, entry, hash, signature_id) VALUES (?, ?, ?, ?, ?)", [
                .integer(Int64(chained.entry.lot.rawValue)), .integer(Int64(clamping: chained.entry.seq)), .blob(chained.bytes),
                .blob(chained.hash), .integer(signature),
            ])
        }
    }
}
