import AuctionCore

extension LedgerWriter {
    /// The stored bid an idempotency key of `bids` is already bound to (the bidder's own key), if any:
    /// what a replayed or reused key is answered with (`CommitOutcome.duplicateKey`).
    static func boundBid(of bids: [AcceptedBid], in database: SQLiteDatabase) -> AcceptedBid? {
        for bid in bids {
            guard let key = bid.idempotencyKey, let user = bid.bidder else { continue }
            let found = try? database.query("""
                SELECT product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key FROM bids
                WHERE user_id = ? AND idempotency_key = ? LIMIT 1
                """, [.integer(user.rawValue), .text(key)]) { row in
                AcceptedBid(productID: ProductID(Int(row.int64(0))), price: Money(row.int64(1)), previousPrice: Money(row.int64(2)),
                            bidder: row.optionalInt64(3).map(UserID.init(rawValue:)),
                            acceptedAt: Timestamp(millisecondsSinceEpoch: row.int64(4)), isAutomatic: row.int64(5) != 0,
                            idempotencyKey: row.optionalText(6))
            }
            if let original = found?.first { return original }
        }
        return nil
    }
}
