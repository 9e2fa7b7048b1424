import AuctionCore
import AuctionLotLog

/// The reads that turn a store change into its log entry's fields, inside the change's transaction:
/// a lot's terms after an edit, how it closed, and which entries hold the bids a moderator retracted.
extension LotLogRows {
    /// `lot`'s terms as its row now stands (nil: no such product); the reserve's nonce follows the
    /// row's `edited_at`, so an edit commits to its reserve afresh.
    static func storedTerms(of lot: ProductID, signer: LotLogSigner, on database: any StoreDatabase) throws(StoreError) -> LotLogTerms? {
        try database.rows("""
            SELECT start_price, ends_at, buy_now_price, min_increment, extend_window_ms, extend_by_ms, max_extensions,
                   reserve_price, edited_at
            FROM products WHERE id = ?
            """, [.integer(Int64(lot.rawValue))]) { row in terms(of: lot, row: row, signer: signer) }.first
    }

    /// The `closed` event of `lot` ending at `finalPrice` with `winner` (nil: none known), from its row:
    /// the reserve met, bought, and the reserve revealed with the nonce its commitment used. A lot sold
    /// to no user (a simulated or anonymous leader) names the zero alias, as its bids do.
    static func closed(_ lot: ProductID, finalPrice: Money, winner: UserID?, signer: LotLogSigner,
                       on database: any StoreDatabase) throws(StoreError) -> LotLogEvent? {
        let key = StoreValue.integer(Int64(lot.rawValue))
        guard let row = try database.rows("SELECT reserve_price, edited_at, bought_at IS NOT NULL FROM products WHERE id = ?", [key], map: { row in
            (reserve: row.optionalInt64(0), version: row.optionalInt64(1) ?? 0, bought: row.int64(2) != 0)
        }).first else { return nil }
        // The newest step leads: a repricing step without a user (every bid retracted) leaves no leader.
        let order = database.dialect == .postgres ? "seq DESC, id DESC" : "id DESC"
        let newest = try database.rows("""
            SELECT user_id, automatic FROM bids WHERE product_id = ? AND retracted_at IS NULL ORDER BY \(order) LIMIT 1
            """, [key]) { row in (user: row.optionalInt64(0).map(UserID.init(rawValue:)), repricing: row.int64(1) == SellingStore.repricingStep) }.first
        let leads = newest.map { $0.user != nil || !$0.repricing } ?? false
        let reserveMet = row.reserve.map { finalPrice.minorUnits >= $0 } ?? true
        let sold = row.bought || (reserveMet && (winner != nil || leads))
        let revealed = row.reserve.map { RevealedReserve(price: Money($0), nonce: signer.secrets.reserveNonce(on: lot, version: row.version)) }
        return .closed(LotLogClose(finalPrice: finalPrice, winner: sold ? signer.secrets.alias(of: winner ?? newest?.user, on: lot) : nil,
                                   reserveMet: reserveMet, bought: row.bought, reserve: revealed))
    }

    /// The log seq of each bid's `bid` entry on `lot`, by bid id (a bid from before the lot's log
    /// began has none). PostgreSQL numbers bids by `seq`; SQLite by row order, each insert counting
    /// one more in the product's `bid_count`, so a bid's seq is the count less the rows after it.
    static func bidEntries(of bids: [Int64], on lot: ProductID, in database: any StoreDatabase) throws(StoreError) -> [Int64: UInt64] {
        guard !bids.isEmpty else { return [:] }
        let key = StoreValue.integer(Int64(lot.rawValue))
        let list = bids.map(String.init).joined(separator: ",")
        let sequenceSQL = switch database.dialect {
        case .postgres: "SELECT id, seq FROM bids WHERE product_id = ? AND id IN (\(list))"
        case .sqlite: """
            SELECT b.id, p.bid_count - (SELECT COUNT(*) FROM bids l WHERE l.product_id = b.product_id AND l.id > b.id)
            FROM bids b JOIN products p ON p.id = b.product_id WHERE b.product_id = ? AND b.id IN (\(list))
            """
        }
        let sequences = try database.rows(sequenceSQL, [key]) { ($0.int64(0), $0.int64(1)) }
        var entryOfSequence: [Int64: UInt64] = [:]
        // The log is read whole and decoded: its bid entries name their bids' seqs, nothing else does.
        for (seq, bytes) in try database.rows("SELECT seq, entry FROM lot_log WHERE product_id = ? ORDER BY seq", [key], map: {
            (UInt64(clamping: $0.int64(0)), $0.blob(1))
        }) {
            if case .bid(let bid)? = try? LotLogEntry(canonicalBytes: bytes).event { entryOfSequence[bid.bidSeq] = seq }
        }
        var entries: [Int64: UInt64] = [:]
        for (id, sequence) in sequences {
            if let entry = entryOfSequence[sequence] { entries[id] = entry }
        }
        return entries
    }
}
