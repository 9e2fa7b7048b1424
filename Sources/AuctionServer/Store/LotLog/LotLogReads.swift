import AuctionCore
import AuctionLotLog

/// Reads a lot's log for `GET /products/{id}/log` and the keys for `GET /log/keys` (either engine,
/// on a reader's connection): a page of entries by seq and the head of the lot's last commit.
enum LotLogReads {
    /// A stored entry as served.
    struct StoredEntry {
        /// Its seq.
        var seq: UInt64
        /// Its canonical bytes.
        var bytes: [UInt8]
        /// Its hash.
        var hash: [UInt8]
    }

    /// A page of entries after `after`, at most `limit`, and whether more follow.
    static func entries(of lot: ProductID, after: UInt64, limit: Int,
                        on database: any StoreDatabase) throws(StoreError) -> (entries: [StoredEntry], more: Bool) {
        let rows = try database.rows("SELECT seq, entry, hash FROM lot_log WHERE product_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                                     [.integer(Int64(lot.rawValue)), .integer(Int64(clamping: after)), .integer(Int64(limit) + 1)]) { row in
            StoredEntry(seq: UInt64(clamping: row.int64(0)), bytes: row.blob(1), hash: row.blob(2))
        }
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// The seq of the lot's last entry (nil: no log yet): what a cached head is checked against.
    static func lastSeq(of lot: ProductID, on database: any StoreDatabase) throws(StoreError) -> UInt64? {
        try database.scalarInteger("SELECT MAX(seq) FROM lot_log WHERE product_id = ?", [.integer(Int64(lot.rawValue))])
            .map { UInt64(clamping: $0) }
    }

    /// The lot's current signed head: its last entry and the signature of the commit that wrote it
    /// (nil for a lot without a log, or a commit whose stored heads do not name it).
    static func head(of lot: ProductID, on database: any StoreDatabase) throws(StoreError) -> SignedHeadProof? {
        let rows = try database.rows("""
            SELECT l.seq, l.hash, s.signed_at, s.key_id, s.leaves, s.signature
            FROM lot_log l JOIN log_signatures s ON s.id = l.signature_id
            WHERE l.product_id = ? ORDER BY l.seq DESC LIMIT 1
            """, [.integer(Int64(lot.rawValue))]) { row -> SignedHeadProof? in
            guard let heads = SignedCommit.heads(fromBlob: row.blob(4)) else { return nil }
            let commit = SignedCommit(heads: heads, signedAt: Timestamp(millisecondsSinceEpoch: row.int64(2)), keyID: row.blob(3),
                                      signature: row.blob(5))
            return commit.proof(for: lot)
        }
        return rows.first ?? nil
    }

    /// The house's public keys, oldest first.
    static func keys(on database: any StoreDatabase) throws(StoreError) -> [LogKey] {
        try database.rows("SELECT key_id, public_key, valid_from, valid_until FROM log_keys ORDER BY valid_from", []) { row in
            LogKey(keyID: row.blob(0), publicKey: row.blob(1), validFrom: row.int64(2), validUntil: row.optionalInt64(3))
        }
    }

    /// A public key with when it signed.
    struct LogKey {
        /// Its id.
        var keyID: [UInt8]
        /// The raw 32-byte Ed25519 public key.
        var publicKey: [UInt8]
        /// From when it signs (ms).
        var validFrom: Int64
        /// Until when (nil: the current key).
        var validUntil: Int64?
    }
}
