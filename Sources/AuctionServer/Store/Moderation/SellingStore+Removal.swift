import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog

/// Lots a moderator removed (`products.removed_reason`): withdrawn whatever their bids, with the
/// reason kept for the lot's detail and the record in the moderation log, written in one transaction.
extension SellingStore {
    /// What a removal did.
    public enum StoredRemoval: Hashable, Sendable {
        /// Removed now: the price it stood at, everyone who bid on it or left a maximum, its seller
        /// (nil for the demo's lots) and the log entry's id.
        case removed(price: Money, bidders: [UserID], seller: UserID?, entry: Int64)
        /// It had left the lists already: removed before (its reason), or withdrawn by its seller (nil).
        case alreadyGone(removedReason: String?)
        /// No such lot.
        case unknownProduct
    }

    /// Removes lot `id` for `moderator` with `reason`: withdrawn and closed (its bids and history kept),
    /// the reason stored, the moderation log's entry and the lot log's `removed` appended, and `w:<id>`
    /// notified, all in one transaction under the lot's row lock (other nodes' bid commits on it wait,
    /// then find it closed).
    public func remove(_ id: ProductID, reason: ModerationReason, moderator: UserID, now: Timestamp,
                       details: JSONObject = JSONObject([])) throws(StoreError) -> StoredRemoval {
        try connection.withDatabase { database throws(StoreError) -> StoredRemoval in
            try database.inTransaction { () throws(StoreError) -> StoredRemoval in
                let key = StoreValue.integer(Int64(id.rawValue))
                try database.serialize(lock: .product(id))
                let found = try database.rows("""
                    SELECT current_price, withdrawn_at, removed_reason, closed_at, seller_id FROM products WHERE id = ?
                    """, [key]) { row in
                    (price: Money(row.int64(0)), gone: !row.isNull(1), reason: row.optionalText(2), closed: !row.isNull(3),
                     seller: row.optionalInt64(4).map(UserID.init(rawValue:)))
                }
                guard let lot = found.first else { return .unknownProduct }
                guard !lot.gone else { return .alreadyGone(removedReason: lot.reason) }
                let time = StoreValue.integer(now.millisecondsSinceEpoch)
                var log = try LotLogChange.begin(id, signer: logSigner, on: database)
                try log?.finish([.removed(reason: reason.text)], at: now, signedAt: now, on: database)
                try database.write("""
                    UPDATE products SET withdrawn_at = ?, closed_at = COALESCE(closed_at, ?),
                        final_price = COALESCE(final_price, current_price), removed_reason = ?
                    WHERE id = ?
                    """, [time, time, .text(reason.text), key])
                let bidders = try database.rows("""
                    SELECT user_id FROM bids WHERE product_id = ? AND user_id IS NOT NULL
                    UNION SELECT user_id FROM proxy_maximums WHERE product_id = ?
                    """, [key, key]) { UserID(rawValue: $0.int64(0)) }.sorted { $0.rawValue < $1.rawValue }
                var details = details
                details["price_before"] = .int(lot.price.minorUnits)
                details["had_ended"] = .bool(lot.closed)
                details["bidders_notified"] = .int(Int64(bidders.count))
                let entry = try ModerationLog.append(ModerationLog.Entry(
                    moderator: moderator, action: .removeLot, productID: id, user: lot.seller, reason: reason,
                    details: details, at: now), on: database)
                try database.publish(channel: Self.lotChannel, payload: "w:\(id.rawValue)")
                return .removed(price: lot.price, bidders: bidders, seller: lot.seller, entry: entry)
            }
        }
    }

    /// Lots moderators removed, with their reasons.
    public func removedProducts() throws(StoreError) -> [ProductID: String] {
        try connection.withDatabase { database throws(StoreError) -> [ProductID: String] in
            Dictionary(try database.rows("SELECT id, removed_reason FROM products WHERE removed_reason IS NOT NULL") {
                (ProductID(Int($0.int64(0))), $0.text(1))
            }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// A user's lots still open (not ended, withdrawn or bought), oldest first: what a suspension withdraws.
    public func openLots(of seller: UserID) throws(StoreError) -> [ProductID] {
        try connection.withDatabase { database throws(StoreError) -> [ProductID] in
            try database.rows("""
                SELECT id FROM products WHERE seller_id = ? AND withdrawn_at IS NULL AND closed_at IS NULL AND bought_at IS NULL
                ORDER BY id
                """, [.integer(seller.rawValue)]) { ProductID(Int($0.int64(0))) }
        }
    }
}
