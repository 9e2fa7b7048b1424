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

extension CatalogueStore {
    /// Inserts `count` rows made by `row` in one transaction with one prepared statement, with a 512 MB
    /// page cache so the indexes fill in memory. The FTS indexes follow through their triggers; the
    /// CJK pairs (`product_pairs`, whose trigger steps through every character in SQL) are written
    /// from here instead, the same pairs, with that trigger dropped for the load and restored in the
    /// same transaction.
    public func bulkInsert(count: Int, row: (Int) -> BulkProductRow) throws(StoreError) {
        try withSQLiteDatabase { database throws(StoreError) in
            try database.execute("PRAGMA cache_size = -524288")
            try database.transaction(.immediate) { () throws(StoreError) in
                let trigger = try database.query("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'product_pairs_insert'") {
                    $0.text(0)
                }.first
                if trigger != nil { try database.execute("DROP TRIGGER product_pairs_insert") }
                let insert = try database.prepare("""
                    INSERT INTO products (name, seller, description, start_price, current_price, last_change, last_change_at,
                                          listed_at, ends_at, bid_count, closed_at, final_price)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                let pair = try database.prepare("INSERT OR IGNORE INTO product_pairs (pair, in_name, product_id) VALUES (?, ?, ?)")
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
                    guard trigger != nil else { continue }
                    let id = database.lastInsertRowID
                    let inName = Set(Self.cjkPairs(lot.name))
                    for text in inName {
                        pair.reset()
                        try pair.bind([.text(text), .integer(1), .integer(id)])
                        _ = try pair.step()
                    }
                    for text in Set(Self.cjkPairs(lot.description + " " + lot.seller)) where !Self.bytes(of: lot.name, contain: text) {
                        pair.reset()
                        try pair.bind([.text(text), .integer(0), .integer(id)])
                        _ = try pair.step()
                    }
                }
                if let trigger { try database.execute(trigger) }
            }
        }
    }

    /// Whether `text`'s UTF-8 bytes hold `part`'s (SQLite's `instr`, not Swift's grapheme-aware `contains`).
    static func bytes(of text: String, contain part: String) -> Bool {
        let haystack = Array(text.utf8), needle = Array(part.utf8)
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Every pair of adjacent characters both in U+2E80–U+FAFF, as schema 8's pair triggers take them.
    static func cjkPairs(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var pairs: [String] = []
        for index in scalars.indices.dropLast() where (0x2E80...0xFAFF).contains(scalars[index].value)
            && (0x2E80...0xFAFF).contains(scalars[index + 1].value) {
            var pair = String.UnicodeScalarView()
            pair.append(scalars[index])
            pair.append(scalars[index + 1])
            pairs.append(String(pair))
        }
        return pairs
    }
}
