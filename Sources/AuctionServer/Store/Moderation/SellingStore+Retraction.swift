import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog

/// Bids a moderator retracted (`bids.retracted_at`): the lot's price and leader become what its
/// remaining bids make them (`RetractionReplay`), written with the marks and the log entry in one
/// transaction under the lot's row lock, so every node's bid commits on the lot meet the new state
/// (theirs conflict and are decided again). When the price or leader moves, a repricing step is
/// stored (`automatic = 2`, no placement): the newest step names the leader and price, as the
/// catalogue, the closing duty and the other nodes (`auction_bids`) read them. Each bid retracted
/// appends a `retracted` entry naming its `bid` entry to the lot's log in the same transaction.
extension SellingStore {
    /// A repricing step's `automatic` value: the price set by a retraction, not by a bid.
    static let repricingStep: Int64 = 2

    /// A retraction's result.
    public enum StoredRetraction: Equatable, Sendable {
        /// Retracted now.
        case retracted(Retraction)
        /// Already retracted: nothing changed.
        case alreadyRetracted(ProductID)
        /// A proxy's answer (the bidder's maximum placed it): retract the bid that set the maximum.
        case automatic(ProductID)
        /// The lot's auction has ended (or it was withdrawn or removed): its bids stand.
        case auctionEnded(ProductID)
        /// No such bid.
        case unknownBid
    }

    /// What a retraction changed.
    public struct Retraction: Equatable, Sendable {
        /// The lot.
        public var productID: ProductID
        /// Its price and leader before.
        public var priceBefore: Money, leaderBefore: UserID?
        /// Its state after, from the remaining bids.
        public var outcome: RetractionReplay.Outcome
        /// The repricing step stored, with its seq (nil: price and leader did not move).
        public var step: SequencedBid?
        /// The lot's stored bid count after (the last seq).
        public var bidCount: Int64
        /// The log entry.
        public var entry: Int64
    }

    /// The lot a bid was placed on; nil when there is no such bid.
    public func product(ofBid id: Int64) throws(StoreError) -> ProductID? {
        try connection.withDatabase { database throws(StoreError) -> ProductID? in
            try database.scalarInteger("SELECT product_id FROM bids WHERE id = ?", [.integer(id)]).map { ProductID(Int($0)) }
        }
    }

    /// The bids `user` holds the lead with on open lots: per lot, their bids there not retracted (what
    /// a suspension retracts, so the price falls back as a retraction's does).
    public func leadingBids(of user: UserID) throws(StoreError) -> [ProductID: [Int64]] {
        try connection.withDatabase { database throws(StoreError) -> [ProductID: [Int64]] in
            let rows = try database.rows("""
                SELECT b.product_id, b.id FROM bids b JOIN products p ON p.id = b.product_id
                WHERE b.user_id = ? AND b.retracted_at IS NULL AND b.automatic <> \(Self.repricingStep)
                  AND p.closed_at IS NULL AND p.withdrawn_at IS NULL
                  AND (SELECT l.user_id FROM bids l WHERE l.product_id = p.id AND l.retracted_at IS NULL
                       ORDER BY l.id DESC LIMIT 1) = b.user_id
                ORDER BY b.product_id, b.id
                """, [.integer(user.rawValue)]) { (ProductID(Int($0.int64(0))), $0.int64(1)) }
            return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
        }
    }

    /// Retracts bids `ids` (all on lot `product`) for `moderator` with `reason`; the lot is repriced from
    /// the bids that remain under `increments` and `limits`. `action` and `user` name the log entry's.
    public func retract(_ ids: [Int64], on product: ProductID, reason: ModerationReason, moderator: UserID, now: Timestamp,
                        increments: IncrementTable = .standard, limits: PriceLimits = PriceLimits(),
                        action: ModerationLog.Action = .retractBid, user: UserID? = nil) throws(StoreError) -> StoredRetraction {
        try connection.withDatabase { database throws(StoreError) -> StoredRetraction in
            try database.inTransaction { () throws(StoreError) -> StoredRetraction in
                let key = StoreValue.integer(Int64(product.rawValue))
                try database.serialize(lock: .product(product))
                guard let lot = try database.rows("""
                    SELECT start_price, current_price, min_increment, reserve_price, closed_at IS NOT NULL OR withdrawn_at IS NOT NULL
                           OR bought_at IS NOT NULL, bid_count
                    FROM products WHERE id = ?
                    """, [key], map: { row in
                        (start: Money(row.int64(0)), price: Money(row.int64(1)), increment: row.optionalInt64(2).map { Money($0) },
                         reserve: row.optionalInt64(3).map { Money($0) }, ended: row.int64(4) != 0, bids: row.int64(5))
                    }).first else { return .unknownBid }
                let targets = try database.rows("""
                    SELECT id, automatic, retracted_at IS NOT NULL FROM bids WHERE product_id = ? AND id IN (\(ids.map(String.init).joined(separator: ",")))
                    """, [key]) { (id: $0.int64(0), automatic: $0.int64(1), retracted: $0.int64(2) != 0) }
                guard targets.count == ids.count, !ids.isEmpty else { return .unknownBid }
                if targets.allSatisfy(\.retracted) { return .alreadyRetracted(product) }
                guard !lot.ended else { return .auctionEnded(product) }
                if ids.count == 1, targets[0].automatic != 0 { return .automatic(product) }
                let leaderBefore = try Self.leader(of: key, in: database)
                // Begun before the marks and the repricing: a lot without a log is listed as it stood.
                var log = try LotLogChange.begin(product, signer: logSigner, on: database)
                let newlyRetracted = targets.filter { !$0.retracted }.map(\.id).sorted()
                try database.write("UPDATE bids SET retracted_at = ? WHERE product_id = ? AND retracted_at IS NULL AND id IN ("
                                   + ids.map(String.init).joined(separator: ",") + ")", [.integer(now.millisecondsSinceEpoch), key])
                // A suspended user's bids are left out, as if never placed: a suspension retracts the
                // leads they hold, and no later retraction may hand them one back. A proxy's answer carries
                // the challenger's refused placement, which stands even when the answer is retracted: the
                // retracted bidder's proxy was all that refused it (`RetractionReplay` decides what it revives).
                let placements = try database.rows("""
                    SELECT b.placed_by, b.placed_price, b.placed_maximum, b.user_id, b.price, b.automatic FROM bids b
                    LEFT JOIN users u ON u.id = COALESCE(b.placed_by, b.user_id)
                    WHERE b.product_id = ? AND (b.retracted_at IS NULL OR (b.automatic = 1 AND b.placed_price IS NOT NULL))
                      AND NOT \(AccountStore.Suspension.inForceSQL("u"))
                    ORDER BY b.id
                    """, [key, .integer(now.millisecondsSinceEpoch)]) { row -> RetractionReplay.Entry? in
                    if let price = row.optionalInt64(1) {
                        return RetractionReplay.Entry(BidPlacement(bidder: row.optionalInt64(0).map(UserID.init(rawValue:)), price: Money(price),
                                                                   maximum: row.optionalInt64(2).map { Money($0) }),
                                                      wasRefused: row.int64(5) == 1)
                    }
                    // A step stored before placements were: a bid as its step shows it; a proxy's answer or a repricing, none.
                    guard row.int64(5) == 0 else { return nil }
                    return RetractionReplay.Entry(BidPlacement(bidder: row.optionalInt64(3).map(UserID.init(rawValue:)), price: Money(row.int64(4))))
                }.compactMap { $0 }
                let outcome = RetractionReplay.replay(entries: placements, startPrice: lot.start, minimumIncrement: lot.increment,
                                                      reserve: lot.reserve, increments: increments, limits: limits)
                var step: SequencedBid?
                var bidCount = lot.bids
                if outcome.price != lot.price || outcome.leader != leaderBefore {
                    let bid = AcceptedBid(productID: product, price: outcome.price, previousPrice: lot.price, bidder: outcome.leader,
                                          acceptedAt: now, isAutomatic: true)
                    bidCount += 1
                    try Self.insertRepricing(bid, sequence: bidCount, in: database)
                    step = SequencedBid(sequence: bidCount, bid: bid)
                    try database.publish(channel: PostgresBidLedger.bidChannel,
                                         payload: ClusterPayload.bidPayloads([(product, bidCount)]).joined(separator: ","))
                }
                try Self.keepMaximums(of: product, outcome: outcome, now: now, in: database)
                if log != nil {
                    // Entry 0 (no entry has it) names a bid placed before the lot's log began.
                    let entries = try LotLogRows.bidEntries(of: newlyRetracted, on: product, in: database)
                    let events = newlyRetracted.map { id -> LotLogEvent in
                        .retracted(entry: entries[id] ?? 0, reason: reason.text, price: outcome.price, bidCount: bidCount)
                    }
                    try log?.finish(events, at: now, signedAt: now, on: database)
                }
                var details = JSONObject([])
                details["price_before"] = .int(lot.price.minorUnits)
                details["price_after"] = .int(outcome.price.minorUnits)
                details["leader_before"] = leaderBefore.map { .int($0.rawValue) } ?? .null
                details["leader_after"] = outcome.leader.map { .int($0.rawValue) } ?? .null
                details["bids_retracted"] = .array(ids.map { .int($0) })
                let entry = try ModerationLog.append(ModerationLog.Entry(
                    moderator: moderator, action: action, productID: product, user: user, bidID: ids.count == 1 ? ids[0] : nil,
                    reason: reason, details: details, at: now), on: database)
                return .retracted(Retraction(productID: product, priceBefore: lot.price, leaderBefore: leaderBefore, outcome: outcome,
                                             step: step, bidCount: bidCount, entry: entry))
            }
        }
    }

    /// The user of the lot's newest step not retracted (its leader), if any.
    private static func leader(of product: StoreValue, in database: any StoreDatabase) throws(StoreError) -> UserID? {
        try database.rows("SELECT user_id FROM bids WHERE product_id = ? AND retracted_at IS NULL ORDER BY id DESC LIMIT 1",
                          [product]) { $0.optionalInt64(0).map(UserID.init(rawValue:)) }.first ?? nil
    }

    /// Stores the repricing step; the product's price and last change follow it (on SQLite written here,
    /// on PostgreSQL by the insert's statement trigger, `products_take_bids`, as for every batch of steps).
    private static func insertRepricing(_ bid: AcceptedBid, sequence: Int64, in database: any StoreDatabase) throws(StoreError) {
        let values: [StoreValue] = [.integer(Int64(bid.productID.rawValue)), .integer(bid.price.minorUnits),
                                     .integer(bid.previousPrice.minorUnits), .integer(bid.bidder?.rawValue),
                                     .integer(bid.acceptedAt.millisecondsSinceEpoch), .integer(repricingStep)]
        switch database.dialect {
        case .sqlite:  // one node orders steps by row id; its row trigger counts the step, nothing more
            try database.write("INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, automatic) VALUES (?, ?, ?, ?, ?, ?)",
                               values)
            try database.write("UPDATE products SET current_price = ?, last_change = ?, last_change_at = ? WHERE id = ?",
                               [.integer(bid.price.minorUnits), .integer((bid.price - bid.previousPrice).minorUnits),
                                .integer(bid.acceptedAt.millisecondsSinceEpoch), .integer(Int64(bid.productID.rawValue))])
        case .postgres:  // the nodes order steps by seq
            try database.write("""
                INSERT INTO bids (product_id, price, previous_price, user_id, accepted_at, automatic, seq) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, values + [.integer(sequence)])
        }
    }

    /// Stored maximums after a retraction: each bidder's largest remaining placed maximum; none for a
    /// bidder with no maximum left; the leader's as the replay left it.
    private static func keepMaximums(of product: ProductID, outcome: RetractionReplay.Outcome, now: Timestamp,
                                     in database: any StoreDatabase) throws(StoreError) {
        let key = StoreValue.integer(Int64(product.rawValue))
        try database.write("""
            DELETE FROM proxy_maximums WHERE product_id = ? AND user_id NOT IN (
                SELECT placed_by FROM bids WHERE product_id = ? AND retracted_at IS NULL AND placed_maximum IS NOT NULL
                AND placed_by IS NOT NULL)
            """, [key, key])
        try database.write("""
            UPDATE proxy_maximums SET maximum = (
                SELECT MAX(placed_maximum) FROM bids
                WHERE product_id = proxy_maximums.product_id AND placed_by = proxy_maximums.user_id AND retracted_at IS NULL)
            WHERE product_id = ?
            """, [key])
        // The leader's maximum may be one restored from a refused placement, never stored until now.
        if let leader = outcome.leader, let maximum = outcome.leaderMaximum {
            try database.write("""
                INSERT INTO proxy_maximums (product_id, user_id, maximum, placed_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (product_id, user_id) DO UPDATE SET maximum = excluded.maximum
                """, [key, .integer(leader.rawValue), .integer(maximum.minorUnits), .integer(now.millisecondsSinceEpoch)])
        }
    }
}
