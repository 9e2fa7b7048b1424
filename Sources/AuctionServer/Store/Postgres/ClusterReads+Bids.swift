import AuctionCore

extension ClusterReads {
    /// Lots' stored states and their bids with `seq` above what the node knows of each, read in one
    /// snapshot (four statements however many lots: one commit's notification names them all);
    /// lots unknown or with a stored value out of range are left out.
    ///
    /// The snapshot's four statements travel in one round trip (a pipeline), each prepared once per
    /// session: this read is what stands between another node's commit and the push here.
    static func bids(of lots: [(ProductID, Int64)], _ connection: PostgresConnection) throws(StoreError) -> [RemoteBids] {
        guard !lots.isEmpty else { return [] }
        var stored: [(LotRefresh, Int64)] = [], found: [(ProductID, SequencedBid)] = []
        let (lotsValues, bidsValues) = values(of: lots)
        do {
            try connection.pipeline([
                PipelinedStatement(sql: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
                PipelinedStatement(sql: storedLotsSQL, values: lotsValues) { row throws(StoreError) in
                    if let lot = try storedLot(row) { stored.append(lot) }
                },
                PipelinedStatement(sql: newBidsSQL, values: bidsValues) { row throws(StoreError) in
                    if let bid = try newBid(row) { found.append(bid) }
                },
                PipelinedStatement(sql: "COMMIT"),
            ])
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
        return assemble(stored, found)
    }

    /// One lot's stored state and its bids with `seq` above `known`, inside a transaction the caller
    /// holds (the ledger's writer, after a conflict, with the product's row locked); nil when the
    /// product is unknown or a stored value is out of range.
    static func bidsInTransaction(of id: ProductID, after known: Int64, _ connection: PostgresConnection)
        throws(StoreError) -> RemoteBids? {
        try bidsInTransaction(of: [(id, known)], connection).first
    }

    /// Each lot as stored (its close and withdrawal, its seller's terms and their version too) and its
    /// bids with `seq` above the known one (the newest `maximumBidsPerRead` of them), in id order.
    static func bidsInTransaction(of lots: [(ProductID, Int64)], _ connection: PostgresConnection)
        throws(StoreError) -> [RemoteBids] {
        let (lotsValues, bidsValues) = values(of: lots)
        let stored = try connection.query(storedLotsSQL, lotsValues, row: storedLot).compactMap { $0 }
        guard !stored.isEmpty else { return [] }
        return assemble(stored, try connection.query(newBidsSQL, bidsValues, row: newBid).compactMap { $0 })
    }

    /// The lots' values for `storedLotsSQL`, and the lots' and known seqs' for `newBidsSQL`.
    private static func values(of lots: [(ProductID, Int64)]) -> ([StoreValue], [StoreValue]) {
        let ids = PostgresArrays.integers(lots.map { Int64($0.0.rawValue) })
        return ([ids], [ids, PostgresArrays.integers(lots.map(\.1)), .integer(Int64(maximumBidsPerRead))])
    }

    /// Each lot's stored state and its leader's maximum.
    private static let storedLotsSQL = """
        SELECT p.current_price, p.last_change, p.ends_at, p.extensions, p.bought_at, p.bid_count, l.user_id, m.maximum,
            p.last_change_at, p.closed_at IS NOT NULL OR p.withdrawn_at IS NOT NULL,
            p.min_increment, p.reserve_price, p.buy_now_price, p.edited_at, p.id,
            p.withdrawn_at IS NOT NULL, p.removed_reason IS NOT NULL
        FROM products p
        LEFT JOIN LATERAL (SELECT user_id FROM bids WHERE product_id = p.id ORDER BY seq DESC, id DESC LIMIT 1) l ON true
        LEFT JOIN proxy_maximums m ON m.product_id = p.id AND m.user_id = l.user_id
        WHERE p.id = ANY(?::bigint[]) ORDER BY p.id
        """

    /// Each lot's bids above the known seq, the newest first, at most the limit.
    private static let newBidsSQL = """
        SELECT k.id, b.seq, b.price, b.previous_price, b.user_id, b.accepted_at, b.automatic
        FROM unnest(?::bigint[], ?::bigint[]) AS k(id, known)
        CROSS JOIN LATERAL (SELECT seq, price, previous_price, user_id, accepted_at, automatic FROM bids
                            WHERE product_id = k.id AND seq > k.known ORDER BY seq DESC LIMIT ?) b
        """

    /// A row of `storedLotsSQL` as a refresh and its bid count; nil when a stored value is out of range.
    private static func storedLot(_ row: PostgresRow) throws(StoreError) -> (LotRefresh, Int64)? {
        let price = row.int64(0), count = row.int64(5), extensions = row.int64(3), id = row.int64(14)
        guard price >= 0, count >= 0, extensions >= 0, id > 0, id <= Int64(Int.max) else { return nil }
        let terms = LotRefresh.Terms(
            minimumIncrement: row.optionalInt64(10).flatMap { $0 > 0 ? Money($0) : nil },
            reserve: row.optionalInt64(11).flatMap { $0 > 0 ? Money($0) : nil },
            buyNow: row.optionalInt64(12).flatMap { $0 > 0 ? Money($0) : nil }, version: row.optionalInt64(13))
        var lot = LotRefresh(
            productID: ProductID(Int(id)), price: Money(price), lastChange: Money(row.int64(1)),
            lastChangeAt: Timestamp(millisecondsSinceEpoch: row.int64(8)), leader: row.optionalInt64(6).map { UserID(rawValue: $0) },
            leaderMaximum: row.optionalInt64(7).map { Money($0) }, bidCount: Int(clamping: count),
            endsAt: row.optionalInt64(2).map { Timestamp(millisecondsSinceEpoch: $0) },
            extensions: Int(clamping: extensions), isClosed: row.text(9) == "t", isBought: !row.isNull(4))
        lot.terms = terms
        if row.text(15) == "t" { lot.withdrawal = row.text(16) == "t" ? .removed : .bySeller }
        return (lot, count)
    }

    /// A row of `newBidsSQL` as its lot and sequenced bid; nil when a stored value is out of range.
    private static func newBid(_ row: PostgresRow) throws(StoreError) -> (ProductID, SequencedBid)? {
        let id = row.int64(0), sequence = row.int64(1), price = row.int64(2), previous = row.int64(3)
        guard id > 0, id <= Int64(Int.max), sequence > 0, price >= 0, previous >= 0 else { return nil }
        let product = ProductID(Int(id))
        return (product, SequencedBid(sequence: sequence, bid: AcceptedBid(
            productID: product, price: Money(price), previousPrice: Money(previous),
            bidder: row.optionalInt64(4).map { UserID(rawValue: $0) },
            acceptedAt: Timestamp(millisecondsSinceEpoch: row.int64(5)), isAutomatic: row.int64(6) != 0)))
    }

    /// The lots read, each with its new bids in seq order.
    private static func assemble(_ stored: [(LotRefresh, Int64)], _ found: [(ProductID, SequencedBid)]) -> [RemoteBids] {
        var bids: [ProductID: [SequencedBid]] = [:]
        for (product, bid) in found { bids[product, default: []].append(bid) }
        return stored.map { lot, count in
            RemoteBids(lot: lot, bidCount: count, bids: (bids[lot.productID] ?? []).sorted { $0.sequence < $1.sequence })
        }
    }
}
