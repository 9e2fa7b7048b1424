import AuctionCore

extension LedgerWriter {
    /// The stored bid an idempotency key of `bids` is already bound to (the bidder's own key), if any:
    /// what a replayed or reused key is answered with (`CommitOutcome.duplicateKey`).
    static func boundBid(of bids: [AcceptedBid], in database: SQLiteDatabase) -> AcceptedBid? {
        for bid in bids {
            guard let key = bid.idempotencyKey, let user = bid.bidder else { continue }
            let found = try? database.rows("""
                SELECT \(AcceptedBid.storedColumns) FROM bids WHERE user_id = ? AND idempotency_key = ? LIMIT 1
                """, [.integer(user.rawValue), .text(key)]) { AcceptedBid(storedRow: $0) }
            if let original = found?.first { return original }
        }
        return nil
    }
}
