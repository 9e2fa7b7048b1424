import AuctionCore
import AuctionInfrastructure

/// The catalogue in the store (SQLite or PostgreSQL): products, images, price histories and auction results.
///
/// Thread-safe (`Sendable`): it owns one connection and every call holds its lock, so calls
/// from several threads queue. The server loads `allProducts()` once and serves from memory;
/// images and details are read on demand.
public final class CatalogueStore: Sendable {
    private let connection: StoreConnection

    /// Opens (creating and migrating if needed) the store at `path`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        connection = try StoreConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens the store at `target` (a PostgreSQL store must be migrated first: `PostgresSchema.migrate`).
    public init(target: StoreTarget) throws(StoreError) {
        connection = try StoreConnection(target)
    }

    /// The database file, or the password-free PostgreSQL URL.
    public var path: String { connection.path }

    /// The engine the store runs on.
    public var dialect: StoreDialect { connection.dialect }

    /// Closes the connection; later calls fail with `.closed`.
    public func close() {
        connection.close()
    }

    /// Runs `body` with the store's connection, holding its lock (for checks and tools).
    ///
    /// A throwing body is written `{ database throws(StoreError) in … }`.
    @discardableResult
    public func withDatabase<R>(_ body: (any StoreDatabase) throws(StoreError) -> R) throws(StoreError) -> R {
        try connection.withDatabase(body)
    }

    /// Runs `body` with the SQLite connection, for what only SQLite has (FTS5 search, bulk loads);
    /// on PostgreSQL it fails with `.unexpectedValue` (callers branch on `dialect` first).
    func withSQLiteDatabase<R>(_ body: (SQLiteDatabase) throws(StoreError) -> R) throws(StoreError) -> R {
        try connection.withDatabase { database throws(StoreError) -> R in
            guard let sqlite = database as? SQLiteDatabase else {
                throw StoreError.unexpectedValue(path: database.location, detail: "an SQLite-only operation on a PostgreSQL store")
            }
            return try body(sqlite)
        }
    }

    /// Every product in id order, with its image ids.
    public func allProducts() throws(StoreError) -> [Product] {
        try withDatabase { database throws(StoreError) -> [Product] in
            let images = try imageIDs(database, productID: nil)
            return try database.rows(Self.productColumns + " ORDER BY id") { Self.product(from: $0, images: images) }
        }
    }

    /// How many products there are.
    public func productCount() throws(StoreError) -> Int {
        try withDatabase { database throws(StoreError) -> Int in
            Int(try database.scalarInteger("SELECT COUNT(*) FROM products") ?? 0)
        }
    }

    /// One product in full, or nil when there is no such product.
    public func detail(of id: ProductID) throws(StoreError) -> ProductDetail? {
        try withDatabase { database throws(StoreError) -> ProductDetail? in
            let images = try imageIDs(database, productID: id)
            let key = StoreValue.integer(Int64(id.rawValue))
            let rows = try database.rows(Self.productColumns + " WHERE id = ?", [key]) { row in
                (Self.product(from: row, images: images), row.text(8), row.text(9), row.int64(10))
            }
            guard let (product, seller, description, listedAt) = rows.first else { return nil }
            return ProductDetail(
                product: product, sellerName: seller, description: description,
                listedAt: Timestamp(millisecondsSinceEpoch: listedAt),
                priceHistory: try history(database, of: id))
        }
    }

    /// A product's price history, one point per date (the day's highest), oldest first.
    ///
    /// Listed history and the ledger's bids merge, so accepted bids show in the graph at once.
    public func priceHistory(of id: ProductID) throws(StoreError) -> [PricePoint] {
        try withDatabase { database throws(StoreError) -> [PricePoint] in try history(database, of: id) }
    }

    /// The bytes of an image, or nil when there is no such image.
    public func image(_ imageID: Int) throws(StoreError) -> [UInt8]? {
        try withDatabase { database throws(StoreError) -> [UInt8]? in
            // A product image may point at an uploaded blob (schema 3); the demo's keep their own bytes.
            try database.rows("""
                SELECT COALESCE(b.bytes, i.bytes) FROM images i LEFT JOIN image_blobs b ON b.hash = i.blob_hash WHERE i.id = ?
                """, [.integer(Int64(imageID))]) { $0.blob(0) }.first
        }
    }

    /// Records that an auction ended; false when it was already recorded (the first record stands).
    /// With `signer`, the lot's `closed` entry is appended in the same transaction, signed at `now`
    /// (the close's own time when nil).
    @discardableResult
    public func recordClose(_ closure: AuctionClosure, signer: LotLogSigner? = nil, now: Timestamp? = nil) throws(StoreError) -> Bool {
        try withDatabase { database throws(StoreError) -> Bool in
            try database.inTransaction { () throws(StoreError) -> Bool in
                let lot = closure.productID
                var log = try LotLogChange.begin(lot, signer: signer, on: database)
                let changed = try database.write("""
                    UPDATE products SET closed_at = ?, winner_id = ?, final_price = ? WHERE id = ? AND closed_at IS NULL
                    """, [.integer(closure.closedAt.millisecondsSinceEpoch), .integer(closure.winner?.rawValue),
                          .integer(closure.finalPrice.minorUnits), .integer(Int64(lot.rawValue))]) > 0
                if changed, let signer = log?.signer,
                   let event = try LotLogRows.closed(lot, finalPrice: closure.finalPrice, winner: closure.winner, signer: signer, on: database) {
                    try log?.finish([event], at: closure.closedAt, signedAt: now ?? closure.closedAt, on: database)
                }
                return changed
            }
        }
    }

    /// Every recorded close, by product.
    public func closedAuctions() throws(StoreError) -> [ProductID: AuctionClosure] {
        try withDatabase { database throws(StoreError) -> [ProductID: AuctionClosure] in
            let rows = try database.rows("""
                SELECT p.id, p.final_price, p.winner_id, u.name, p.closed_at
                FROM products p LEFT JOIN users u ON u.id = p.winner_id
                WHERE p.closed_at IS NOT NULL ORDER BY p.id
                """) { row in
                AuctionClosure(
                    productID: ProductID(Int(row.int64(0))), finalPrice: Money(row.int64(1)),
                    winner: row.optionalInt64(2).map(UserID.init(rawValue:)), winnerName: row.optionalText(3),
                    closedAt: Timestamp(millisecondsSinceEpoch: row.int64(4)))
            }
            return Dictionary(uniqueKeysWithValues: rows.map { ($0.productID, $0) })
        }
    }

    /// Adds products with their images and history in one transaction; returns their ids.
    @discardableResult
    public func add(_ listings: [ProductListing]) throws(StoreError) -> [ProductID] {
        try withDatabase { database throws(StoreError) -> [ProductID] in
            try database.inTransaction { () throws(StoreError) -> [ProductID] in
                let ids = try listings.map { listing throws(StoreError) -> ProductID in try Self.insert(listing, into: database) }
                if listings.contains(where: { $0.id != nil }) { try Self.advanceIdentity(database) }
                return ids
            }
        }
    }

    /// After products were inserted with explicit ids, moves PostgreSQL's identity sequence past them
    /// (SQLite's rowid follows the largest id by itself).
    static func advanceIdentity(_ database: any StoreDatabase) throws(StoreError) {
        guard database.dialect == .postgres else { return }
        try database.write("SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT MAX(id) FROM products))")
    }

    /// Seeds the demo catalogue into an empty store; false (and nothing written) when products exist.
    @discardableResult
    public func seedDemoCatalogueIfEmpty(now: Timestamp) throws(StoreError) -> Bool {
        try withDatabase { database throws(StoreError) -> Bool in
            try database.inTransaction { () throws(StoreError) -> Bool in
                // Several nodes may start at once: the first to hold the lock seeds, the others find products.
                try database.serialize(lock: .migration)
                guard try database.scalarInteger("SELECT COUNT(*) FROM products") == 0 else { return false }
                for listing in DemoCatalogue.listings(now: now) {
                    _ = try Self.insert(listing, into: database)
                }
                try Self.addDemoTerms(into: database)
                try Self.advanceIdentity(database)
                return true
            }
        }
    }
}
