import AuctionCore

extension AcceptedBid {
    /// The `bids` columns a stored bid is read from, in the order `init(storedRow:)` reads them.
    static let storedColumns = "product_id, price, previous_price, user_id, accepted_at, automatic, idempotency_key"

    /// A bid from a row of `storedColumns` (either engine's row).
    init(storedRow row: any StoreRow) {
        self.init(productID: ProductID(Int(row.int64(0))), price: Money(row.int64(1)), previousPrice: Money(row.int64(2)),
                  bidder: row.optionalInt64(3).map(UserID.init(rawValue:)),
                  acceptedAt: Timestamp(millisecondsSinceEpoch: row.int64(4)), isAutomatic: row.int64(5) != 0,
                  idempotencyKey: row.optionalText(6))
    }
}
