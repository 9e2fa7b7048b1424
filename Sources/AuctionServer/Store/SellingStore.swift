import AuctionCore
import AuctionImage
import AuctionInfrastructure
import AuctionLotLog

/// Lots listed by logged-in sellers (schema 5): created with their images in one transaction,
/// withdrawn, edited, and listed back to their seller for `GET /me/selling`.
///
/// Thread-safe (`Sendable`): one connection behind a lock. The server calls it from one writer thread,
/// so new lots get their ids in the order the event loop hears of them. On PostgreSQL a listing takes
/// `PostgresSchema.listingLock` (ids follow commit order across nodes), and every listing, edit and
/// withdrawal notifies `auction_lots` (`l:`/`e:`/`w:<id>`) in its own transaction. Withdrawals and
/// edits are conditional: the store, not a node's book, decides whether bids lock them. With a
/// `logSigner`, each change that happens appends its entry to the lot's log in that transaction.
public final class SellingStore: Sendable {
    let connection: StoreConnection
    /// Appends each listing, edit, withdrawal, removal and retraction to its lot's log, in the
    /// change's transaction (nil: the store keeps no log, as where tests open it alone).
    let logSigner: LotLogSigner?

    /// Opens (creating and migrating if needed) the store at `path`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000, signer: LotLogSigner? = nil) throws(StoreError) {
        connection = try StoreConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        self.logSigner = signer
    }

    /// Opens the store at `target` (a PostgreSQL store must be migrated first: `PostgresSchema.migrate`).
    public init(target: StoreTarget, signer: LotLogSigner? = nil) throws(StoreError) {
        connection = try StoreConnection(target)
        self.logSigner = signer
    }

    /// Closes the connection; later calls fail with `.closed`.
    public func close() {
        connection.close()
    }

    /// Writes a new lot, its uploaded images (by content hash) and its links to earlier uploads in
    /// one transaction, and returns it as the catalogue lists it; nil, writing nothing, when one of
    /// `imageHashes` is not stored.
    public func create(_ listing: SaleListing, seller: UserID, sellerName: String, now: Timestamp) throws(StoreError) -> Product? {
        try connection.withDatabase { database throws(StoreError) -> Product? in
            try database.inTransaction { () throws(StoreError) -> Product? in
                for hash in listing.imageHashes {
                    guard try database.scalarInteger("SELECT COUNT(*) FROM image_blobs WHERE hash = ?", [.text(hash)]) == 1 else {
                        return nil
                    }
                }
                let time = StoreValue.integer(now.millisecondsSinceEpoch)
                try database.serialize(lock: .listing)
                let id = try database.insertReturningID("""
                    INSERT INTO products (name, seller, description, start_price, current_price, last_change, last_change_at,
                                          min_increment, listed_at, ends_at, reserve_price, buy_now_price, seller_id)
                    VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(listing.name), .text(sellerName), .text(listing.description),
                          .integer(listing.startPrice.minorUnits), .integer(listing.startPrice.minorUnits), time,
                          .integer(listing.minimumIncrement?.minorUnits), time, .integer(listing.endsAt.millisecondsSinceEpoch),
                          .integer(listing.reserve?.minorUnits), .integer(listing.buyNow?.minorUnits), .integer(seller.rawValue)])
                var hashes: [String] = []
                for upload in listing.uploads {
                    let hash = SHA256.hexDigest(upload.bytes)
                    try database.write("""
                        INSERT INTO image_blobs (hash, content_type, width, height, bytes, created_at)
                        VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                        """, [.text(hash), .text(upload.contentType), .integer(Int64(upload.width)),
                              .integer(Int64(upload.height)), .blob(upload.bytes), time])
                    hashes.append(hash)
                }
                try Self.attach(hashes + listing.imageHashes, to: id, in: database)
                let product = ProductID(Int(id))
                // Begun after the insert: the listing read from the new row is the log's first entry.
                var log = try LotLogChange.begin(product, signer: logSigner, on: database)
                try log?.finish([], at: now, signedAt: now, on: database)
                try Self.notifyLots(database, "l:\(id)")
                let images = try database.rows("SELECT id FROM images WHERE product_id = ? ORDER BY position, id",
                                                [.integer(id)]) { Int($0.int64(0)) }
                return try database.rows(CatalogueStore.productColumns + " WHERE id = ?", [.integer(id)]) { row in
                    CatalogueStore.product(from: row, images: [product: images])
                }.first
            }
        }
    }

    /// Who sold a product: nil when there is no such product; `.some(nil)` for the demo's lots (no seller account).
    public func sellerID(of id: ProductID) throws(StoreError) -> UserID?? {
        try connection.withDatabase { database throws(StoreError) -> UserID?? in
            let rows = try database.rows("SELECT seller_id FROM products WHERE id = ?", [.integer(Int64(id.rawValue))]) {
                $0.optionalInt64(0).map(UserID.init(rawValue:))
            }
            guard let first = rows.first else { return nil }
            return .some(first)
        }
    }

    /// Marks a lot withdrawn (and closed, so a restarted server neither lists nor closes it again),
    /// only while it is open, not bought and without bids; otherwise says why, changing nothing.
    public func withdraw(_ id: ProductID, now: Timestamp) throws(StoreError) -> StoredSellerChange {
        try connection.withDatabase { database throws(StoreError) -> StoredSellerChange in
            try database.inTransaction { () throws(StoreError) -> StoredSellerChange in
                let time = StoreValue.integer(now.millisecondsSinceEpoch)
                var log = try LotLogChange.begin(id, signer: logSigner, on: database)
                let changed = try database.write("""
                    UPDATE products SET withdrawn_at = ?, closed_at = ?, final_price = current_price
                    WHERE id = ? AND withdrawn_at IS NULL AND closed_at IS NULL AND bought_at IS NULL AND bid_count = 0
                    """, [time, time, .integer(Int64(id.rawValue))])
                guard changed == 1 else { return try Self.refusal(of: id, in: database) }
                try log?.finish([.removed(reason: Self.withdrawnReason)], at: now, signedAt: now, on: database)
                try Self.notifyLots(database, "w:\(id.rawValue)")
                return .applied
            }
        }
    }

    /// Applies a seller's edit: the fields given change, `imageHashes` (when given) replaces the images.
    /// Only an open lot changes; after its first bid only a lower reserve, the buy-now price, the
    /// increment, the name, the description and the images (the store's `bid_count` decides, which
    /// counts bids every node took). Otherwise, or when an image hash is not stored, nothing changes.
    public func edit(_ id: ProductID, _ edit: SaleEdit, now: Timestamp) throws(StoreError) -> StoredSellerChange {
        try connection.withDatabase { database throws(StoreError) -> StoredSellerChange in
            try database.inTransaction { () throws(StoreError) -> StoredSellerChange in
                let key = StoreValue.integer(Int64(id.rawValue))
                for hash in edit.imageHashes ?? [] {
                    guard try database.scalarInteger("SELECT COUNT(*) FROM image_blobs WHERE hash = ?", [.text(hash)]) == 1 else {
                        return .unknownImage
                    }
                }
                var sets: [(String, StoreValue)] = [("edited_at", .integer(now.millisecondsSinceEpoch))]
                if let name = edit.name { sets.append(("name", .text(name))) }
                if let description = edit.description { sets.append(("description", .text(description))) }
                if let start = edit.startPrice {
                    sets.append(("start_price", .integer(start.minorUnits)))
                    sets.append(("current_price", .integer(start.minorUnits)))
                }
                if let end = edit.endsAt { sets.append(("ends_at", .integer(end.millisecondsSinceEpoch))) }
                if let increment = edit.minimumIncrement { sets.append(("min_increment", .integer(increment.minorUnits))) }
                if let reserve = edit.reserve { sets.append(("reserve_price", .integer(reserve.minorUnits))) }
                if let buyNow = edit.buyNow { sets.append(("buy_now_price", .integer(buyNow.minorUnits))) }
                var conditions = "id = ? AND withdrawn_at IS NULL AND closed_at IS NULL AND bought_at IS NULL"
                var values = sets.map(\.1) + [key]
                if edit.startPrice != nil || edit.endsAt != nil { conditions += " AND bid_count = 0" }
                if let reserve = edit.reserve {
                    conditions += " AND (bid_count = 0 OR (reserve_price IS NOT NULL AND reserve_price >= ?))"
                    values.append(.integer(reserve.minorUnits))
                }
                // Begun before the update: a lot without a log yet is listed with its terms as they were.
                var log = try LotLogChange.begin(id, signer: logSigner, on: database)
                let changed = try database.write("UPDATE products SET " + sets.map { $0.0 + " = ?" }.joined(separator: ", ")
                                                 + " WHERE " + conditions, values)
                guard changed == 1 else { return try Self.refusal(of: id, in: database) }
                if let signer = log?.signer, let terms = try LotLogRows.storedTerms(of: id, signer: signer, on: database) {
                    try log?.finish([.edited(terms)], at: now, signedAt: now, on: database)
                }
                if let hashes = edit.imageHashes {
                    try database.write("DELETE FROM images WHERE product_id = ?", [key])
                    try Self.attach(hashes, to: Int64(id.rawValue), in: database)
                }
                try Self.notifyLots(database, "e:\(id.rawValue)")
                return .applied
            }
        }
    }

    /// A seller's lots, newest first, with their status.
    public func selling(of seller: UserID) throws(StoreError) -> [SellingLot] {
        try connection.withDatabase { database throws(StoreError) -> [SellingLot] in
            try database.rows("""
                SELECT p.id, p.name, p.withdrawn_at, p.closed_at, p.winner_id, u.name, p.final_price, p.current_price,
                       p.reserve_price, p.ends_at, (SELECT COUNT(*) FROM bids b WHERE b.product_id = p.id), p.removed_reason
                FROM products p LEFT JOIN users u ON u.id = p.winner_id
                WHERE p.seller_id = ? ORDER BY p.id DESC
                """, [.integer(seller.rawValue)]) { row in
                let withdrawn = row.optionalInt64(2) != nil, closed = row.optionalInt64(3) != nil
                let sold = closed && !withdrawn && row.optionalInt64(4) != nil
                let price = Money(row.int64(7))
                return SellingLot(
                    productID: ProductID(Int(row.int64(0))), name: row.text(1),
                    status: !row.isNull(11) ? .removed : withdrawn ? .withdrawn : sold ? .sold : closed ? .unsold : .open,
                    bidCount: Int(row.int64(10)), currentPrice: price,
                    reserveMet: row.optionalInt64(8).map { price.minorUnits >= $0 },
                    winner: sold ? row.optionalText(5) : nil, finalPrice: sold ? row.optionalInt64(6).map { Money($0) } : nil,
                    endTime: row.optionalInt64(9).map(Timestamp.init(millisecondsSinceEpoch:)))
            }
        }
    }

    /// Products withdrawn by their sellers.
    public func withdrawnProducts() throws(StoreError) -> Set<ProductID> {
        try connection.withDatabase { database throws(StoreError) -> Set<ProductID> in
            Set(try database.rows("SELECT id FROM products WHERE withdrawn_at IS NOT NULL") { ProductID(Int($0.int64(0))) })
        }
    }

    /// The demo's simulated seller's user name.
    public static let simulatedSellerName = "sim-seller"

    /// The demo's simulated seller account (created without a usable password on first use).
    public func simulatedSeller(now: Timestamp) throws(StoreError) -> UserID {
        try connection.withDatabase { database throws(StoreError) -> UserID in
            try database.write("INSERT INTO users (name, password_hash, created_at) VALUES (?, '!', ?) ON CONFLICT DO NOTHING",
                             [.text(Self.simulatedSellerName), .integer(now.millisecondsSinceEpoch)])
            return UserID(rawValue: try database.scalarInteger("SELECT id FROM users WHERE name = ?",
                                                               [.text(Self.simulatedSellerName)]) ?? 0)
        }
    }

    /// The seller account of every lot listed by a user (the demo's have none).
    public func sellerIDs() throws(StoreError) -> [ProductID: UserID] {
        try connection.withDatabase { database throws(StoreError) -> [ProductID: UserID] in
            Dictionary(uniqueKeysWithValues: try database.rows("SELECT id, seller_id FROM products WHERE seller_id IS NOT NULL") {
                (ProductID(Int($0.int64(0))), UserID(rawValue: $0.int64(1)))
            })
        }
    }

    /// Every product's seller name (the demo's text sellers and users alike).
    public func sellerNames() throws(StoreError) -> [ProductID: String] {
        try connection.withDatabase { database throws(StoreError) -> [ProductID: String] in
            Dictionary(uniqueKeysWithValues: try database.rows("SELECT id, seller FROM products") {
                (ProductID(Int($0.int64(0))), $0.text(1))
            })
        }
    }

    /// The `removed` entry's reason when the seller withdrew the lot (a moderator's is theirs).
    static let withdrawnReason = "withdrawn"

    /// The channel a listing, an edit or a withdrawal is notified on (PostgreSQL).
    static let lotChannel = "auction_lots"

    /// Why a conditional change found no row to change.
    private static func refusal(of id: ProductID, in database: any StoreDatabase) throws(StoreError) -> StoredSellerChange {
        let rows = try database.rows("SELECT withdrawn_at, closed_at, bought_at FROM products WHERE id = ?",
                                     [.integer(Int64(id.rawValue))]) { !$0.isNull(0) || !$0.isNull(1) || !$0.isNull(2) }
        guard let ended = rows.first else { return .unknownProduct }
        return ended ? .closed : .hasBids
    }

    /// Sends `payload` on `auction_lots` when the transaction commits (to the other nodes).
    private static func notifyLots(_ database: any StoreDatabase, _ payload: String) throws(StoreError) {
        try database.publish(channel: lotChannel, payload: payload)
    }

    private static func attach(_ hashes: [String], to product: Int64, in database: any StoreDatabase) throws(StoreError) {
        for (position, hash) in hashes.enumerated() {
            try database.write("INSERT INTO images (product_id, position, bytes, blob_hash) VALUES (?, ?, \(database.dialect.emptyBytes), ?)",
                             [.integer(product), .integer(Int64(position)), .text(hash)])
        }
    }
}
