import AuctionCore

extension CatalogueStore {
    /// Columns 0–7 make a `Product`; 8–10 are seller, description and listing time.
    static let productColumns = """
        SELECT id, name, start_price, current_price, last_change, last_change_at, ends_at, min_increment,
               seller, description, listed_at FROM products
        """

    static func product(from row: any StoreRow, images: [ProductID: [Int]]) -> Product {
        let id = ProductID(Int(row.int64(0)))
        let change = Money(row.int64(4))
        return Product(
            id: id, name: row.text(1), startPrice: Money(row.int64(2)), currentPrice: Money(row.int64(3)),
            lastChange: change, direction: PriceDirection(change: change),
            auctionDate: Timestamp(millisecondsSinceEpoch: row.int64(5)).calendarDate,
            imageIDs: images[id] ?? [],
            endsAt: row.optionalInt64(6).map(Timestamp.init(millisecondsSinceEpoch:)),
            minimumIncrement: row.optionalInt64(7).map { Money($0) })
    }

    func imageIDs(_ database: any StoreDatabase, productID: ProductID?) throws(StoreError) -> [ProductID: [Int]] {
        let rows: [(Int64, Int64)]
        if let productID {
            rows = try database.rows(
                "SELECT product_id, id FROM images WHERE product_id = ? ORDER BY position, id",
                [.integer(Int64(productID.rawValue))]) { ($0.int64(0), $0.int64(1)) }
        } else {
            rows = try database.rows("SELECT product_id, id FROM images ORDER BY product_id, position, id") {
                ($0.int64(0), $0.int64(1))
            }
        }
        var images: [ProductID: [Int]] = [:]
        for (product, image) in rows { images[ProductID(Int(product)), default: []].append(Int(image)) }
        return images
    }

    func history(_ database: any StoreDatabase, of id: ProductID) throws(StoreError) -> [PricePoint] {
        try database.rows("""
            SELECT date, MAX(price) FROM (
                SELECT date, price FROM price_history WHERE product_id = ?
                UNION ALL
                SELECT \(database.dialect.utcDate(ofMilliseconds: "accepted_at")), price FROM bids WHERE product_id = ?
            ) AS points GROUP BY date ORDER BY date
            """, [.integer(Int64(id.rawValue)), .integer(Int64(id.rawValue))]) { PricePoint(date: $0.text(0), price: Money($0.int64(1))) }
    }

    static func insert(_ listing: ProductListing, into database: any StoreDatabase) throws(StoreError) -> ProductID {
        // An explicit id (the demo's) or one the engine assigns: PostgreSQL's identity refuses an explicit NULL.
        let explicitID = listing.id.map { StoreValue.integer(Int64($0.rawValue)) }
        let id = try database.insertReturningID("""
            INSERT INTO products (\(explicitID == nil ? "" : "id, ")name, seller, description, start_price, current_price, last_change,
                                  last_change_at, min_increment, listed_at, ends_at)
            VALUES (\(explicitID == nil ? "" : "?, ")?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, (explicitID.map { [$0] } ?? []) + [
                .text(listing.name), .text(listing.seller),
                .text(listing.description), .integer(listing.startPrice.minorUnits),
                .integer(listing.currentPrice.minorUnits), .integer(listing.lastChange.minorUnits),
                .integer(listing.lastChangeAt.millisecondsSinceEpoch), .integer(listing.minimumIncrement?.minorUnits),
                .integer(listing.listedAt.millisecondsSinceEpoch), .integer(listing.endsAt?.millisecondsSinceEpoch),
            ])
        for (position, bytes) in listing.images.enumerated() {
            try database.write("INSERT INTO images (product_id, position, bytes) VALUES (?, ?, ?)",
                             [.integer(id), .integer(Int64(position)), .blob(bytes)])
        }
        for point in listing.history {
            try database.write("""
                INSERT INTO price_history (product_id, date, price) VALUES (?, ?, ?)
                ON CONFLICT (product_id, date) DO UPDATE SET price = excluded.price
                """,
                             [.integer(id), .text(point.date), .integer(point.price.minorUnits)])
        }
        return ProductID(Int(id))
    }
}
