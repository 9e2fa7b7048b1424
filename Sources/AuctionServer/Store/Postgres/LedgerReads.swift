import AuctionBidding
import AuctionCore

/// The ledger's own reads of the shared store: a lot's stored state, and the bids idempotency keys
/// are bound to.
enum LedgerReads {
    /// A product's stored state: its row, its latest bid's bidder and that bidder's maximum.
    static func storedLot(_ productID: ProductID, on database: PostgresConnection) throws(StoreError) -> LotRefresh {
        let id = StoreValue.integer(Int64(productID.rawValue))
        let lots = try database.query("""
            SELECT current_price, last_change, last_change_at, bid_count, ends_at, extensions,
                   closed_at IS NOT NULL OR withdrawn_at IS NOT NULL, bought_at IS NOT NULL,
                   (SELECT user_id FROM bids WHERE product_id = products.id ORDER BY seq DESC, id DESC LIMIT 1)
            FROM products WHERE id = ?
            """, [id]) { row -> LotRefresh in
                LotRefresh(
                    productID: productID, price: Money(row.int64(0)), lastChange: Money(row.int64(1)),
                    lastChangeAt: Timestamp(millisecondsSinceEpoch: row.int64(2)),
                    leader: row.optionalInt64(8).map(UserID.init(rawValue:)), bidCount: Int(row.int64(3)),
                    endsAt: row.optionalInt64(4).map(Timestamp.init(millisecondsSinceEpoch:)),
                    extensions: Int(row.int64(5)), isClosed: row.text(6) == "t", isBought: row.text(7) == "t")
            }
        guard var lot = lots.first else {
            throw StoreError.unexpectedValue(path: database.target, detail: "no product \(productID.rawValue)")
        }
        if let leader = lot.leader {
            lot.leaderMaximum = try database.scalarInteger(
                "SELECT maximum FROM proxy_maximums WHERE product_id = ? AND user_id = ?", [id, .integer(leader.rawValue)]
            ).map { Money($0) }
        }
        return lot
    }

    /// The bids that keys are bound to (bound values: the users' ids and the keys, as arrays), in id order.
    static let keyedBidsSQL = """
        SELECT b.product_id, b.price, b.previous_price, b.user_id, b.accepted_at, b.automatic, b.idempotency_key
        FROM bids b JOIN unnest(?::bigint[], ?::text[]) AS k(user_id, key)
          ON b.user_id = k.user_id AND b.idempotency_key = k.key
        ORDER BY b.id
        """
}

/// A bidder's idempotency key: at most one stored bid is bound to it.
struct BidKey: Hashable, Sendable {
    /// The bidder.
    var user: UserID
    /// The key the bidder's client chose.
    var key: String
}

extension BidKey {
    /// The key a bid was placed with (nil: no key, or an anonymous bid, which binds none).
    init?(_ bid: AcceptedBid) {
        guard let user = bid.bidder, let key = bid.idempotencyKey else { return nil }
        self.init(user: user, key: key)
    }
}
