import AuctionCore

/// One lot for a bulk load (generated catalogues for benchmarks and tools): the columns that lists,
/// filters and searches read; everything else takes its default.
public struct BulkProductRow: Sendable {
    /// The lot's name.
    public var name: String
    /// The seller's name.
    public var seller: String
    /// The description.
    public var description: String
    /// The start price.
    public var startPrice: Money
    /// The current price.
    public var currentPrice: Money
    /// When it was listed.
    public var listedAt: Timestamp
    /// When it ends.
    public var endsAt: Timestamp
    /// How many bids it has had.
    public var bidCount: Int64
    /// Whether it has ended (closed at its end, no winner, at its current price).
    public var closed: Bool

    /// A row.
    public init(name: String, seller: String, description: String, startPrice: Money, currentPrice: Money,
                listedAt: Timestamp, endsAt: Timestamp, bidCount: Int64, closed: Bool) {
        self.name = name
        self.seller = seller
        self.description = description
        self.startPrice = startPrice
        self.currentPrice = currentPrice
        self.listedAt = listedAt
        self.endsAt = endsAt
        self.bidCount = bidCount
        self.closed = closed
    }
}

extension SQLiteCatalogueStore {
    /// Inserts `count` rows made by `row` in one transaction with one prepared statement (the search
    /// indexes follow through their triggers), with a 512 MB page cache so the indexes fill in memory.
    public func bulkInsert(count: Int, row: (Int) -> BulkProductRow) throws(StoreError) {
        try withDatabase { database throws(StoreError) in
            try database.execute("PRAGMA cache_size = -524288")
            try database.transaction(.immediate) { () throws(StoreError) in
                let insert = try database.prepare("""
                    INSERT INTO products (name, seller, description, start_price, current_price, last_change, last_change_at,
                                          listed_at, ends_at, bid_count, closed_at, final_price)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for index in 0..<count {
                    let lot = row(index)
                    let (change, overflow) = lot.currentPrice.minorUnits.subtractingReportingOverflow(lot.startPrice.minorUnits)
                    insert.reset()
                    try insert.bind([
                        .text(lot.name), .text(lot.seller), .text(lot.description), .integer(lot.startPrice.minorUnits),
                        .integer(lot.currentPrice.minorUnits), .integer(overflow ? 0 : change),
                        .integer(lot.listedAt.millisecondsSinceEpoch), .integer(lot.listedAt.millisecondsSinceEpoch),
                        .integer(lot.endsAt.millisecondsSinceEpoch), .integer(lot.bidCount),
                        lot.closed ? .integer(lot.endsAt.millisecondsSinceEpoch) : .null,
                        lot.closed ? .integer(lot.currentPrice.minorUnits) : .null,
                    ])
                    _ = try insert.step()
                }
            }
        }
    }
}
