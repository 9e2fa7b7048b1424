import AuctionCore

/// The reads a node makes to adopt lots listed, edited or withdrawn elsewhere while it runs, on any
/// store connection (the selling store's own, or the cluster listener's).
extension SellingStore {
    /// The most lots read in one go when catching up (the caller reads again from the last one).
    static let maximumLotsPerRead = 500

    /// Lots with ids above `id`, in id order, at most `maximumLotsPerRead`.
    func lots(above id: ProductID) throws(StoreError) -> [StoredLot] {
        try connection.withDatabase { database throws(StoreError) -> [StoredLot] in try Self.lots(above: id, in: database) }
    }

    /// One lot as stored now; nil when there is no such product.
    func lot(_ id: ProductID) throws(StoreError) -> StoredLot? {
        try connection.withDatabase { database throws(StoreError) -> StoredLot? in try Self.lot(id, in: database) }
    }

    /// Open lots their sellers edited, with ids above `id`, in id order, at most `maximumLotsPerRead`
    /// (what a reconnected listener compares with what it knows).
    func editedOpenLots(above id: ProductID) throws(StoreError) -> [StoredLot] {
        try connection.withDatabase { database throws(StoreError) -> [StoredLot] in
            try Self.read(where: "p.id > ? AND p.edited_at IS NOT NULL AND p.closed_at IS NULL AND p.withdrawn_at IS NULL"
                              + " ORDER BY p.id LIMIT \(Self.maximumLotsPerRead)", [.integer(Int64(id.rawValue))], in: database)
        }
    }

    /// Lots with ids above `id`, in id order, at most `maximumLotsPerRead`, read on `database`.
    static func lots(above id: ProductID, in database: any StoreDatabase) throws(StoreError) -> [StoredLot] {
        try read(where: "p.id > ? ORDER BY p.id LIMIT \(Self.maximumLotsPerRead)", [.integer(Int64(id.rawValue))], in: database)
    }

    /// One lot as stored now, read on `database`.
    static func lot(_ id: ProductID, in database: any StoreDatabase) throws(StoreError) -> StoredLot? {
        try read(where: "p.id = ?", [.integer(Int64(id.rawValue))], in: database).first
    }

    private static func read(where condition: String, _ values: [StoreValue], in database: any StoreDatabase) throws(StoreError) -> [StoredLot] {
        try database.inTransaction { () throws(StoreError) -> [StoredLot] in
            let lots = try database.rows("""
                SELECT p.id, p.name, p.start_price, p.current_price, p.last_change, p.last_change_at, p.ends_at, p.min_increment,
                       p.seller, p.seller_id, p.reserve_price, p.buy_now_price, p.extend_window_ms, p.extend_by_ms,
                       p.max_extensions, p.extensions, p.bought_at, p.bid_count, p.withdrawn_at, p.closed_at,
                       COALESCE(p.final_price, p.current_price), p.winner_id, u.name, p.removed_reason
                FROM products p LEFT JOIN users u ON u.id = p.winner_id WHERE
                """ + " " + condition, values) { row -> StoredLot in
                let id = ProductID(Int(clamping: row.int64(0)))
                let change = Money(row.int64(4))
                let terms = LotTerms(
                    reservePrice: row.optionalInt64(10).map { Money($0) }, buyNowPrice: row.optionalInt64(11).map { Money($0) },
                    extendWindowMilliseconds: row.optionalInt64(12), extendByMilliseconds: row.optionalInt64(13),
                    maximumExtensions: row.optionalInt64(14).map { Int(clamping: $0) }, extensions: Int(clamping: max(0, row.int64(15))),
                    boughtAt: row.optionalInt64(16).map(Timestamp.init(millisecondsSinceEpoch:)))
                let price = Money(row.int64(3)), bids = max(0, row.int64(17))
                var product = Product(
                    id: id, name: row.text(1), startPrice: Money(row.int64(2)), currentPrice: price,
                    lastChange: change, direction: PriceDirection(change: change),
                    auctionDate: Timestamp(millisecondsSinceEpoch: row.int64(5)).calendarDate, imageIDs: [],
                    endsAt: row.optionalInt64(6).map(Timestamp.init(millisecondsSinceEpoch:)),
                    minimumIncrement: row.optionalInt64(7).map { Money($0) })
                let closed = !row.isNull(19) || !row.isNull(18)
                product.reserveMet = terms.reservePrice.map { price >= $0 }
                product.extensions = terms.extensions
                product.isClosed = closed
                // As the book offers it: open, not bought, below it, reserve not met (or, without one, no bid yet).
                if let buyNow = terms.buyNowPrice, !closed, terms.boughtAt == nil, buyNow > price,
                   product.reserveMet.map({ !$0 }) ?? (bids == 0) {
                    product.buyNowPrice = buyNow
                }
                let withdrawn = !row.isNull(18)
                let close = withdrawn ? nil : row.optionalInt64(19).map { closedAt in
                    RemoteClose(productID: id, finalPrice: Money(max(0, row.int64(20))),
                                winner: row.optionalInt64(21).map { UserID(rawValue: $0) }, winnerName: row.optionalText(22),
                                closedAt: Timestamp(millisecondsSinceEpoch: closedAt))
                }
                product.winner = close?.winnerName
                return StoredLot(product: product, terms: terms, sellerName: row.text(8),
                                 sellerID: row.optionalInt64(9).map { UserID(rawValue: $0) }, bidCount: bids,
                                 isWithdrawn: withdrawn, removedReason: row.optionalText(23), isClosed: closed, close: close)
            }
            guard let first = lots.first?.product.id, let last = lots.last?.product.id else { return lots }
            var images: [ProductID: [Int]] = [:]
            _ = try database.rows("SELECT product_id, id FROM images WHERE product_id BETWEEN ? AND ? ORDER BY product_id, position, id",
                              [.integer(Int64(first.rawValue)), .integer(Int64(last.rawValue))]) { row in
                images[ProductID(Int(clamping: row.int64(0))), default: []].append(Int(clamping: row.int64(1)))
            }
            return lots.map { lot in
                var lot = lot
                lot.product.imageIDs = images[lot.product.id] ?? []
                return lot
            }
        }
    }
}
