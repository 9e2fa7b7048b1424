import AuctionCore
import AuctionImage
import AuctionInfrastructure
import AuctionLotLog

/// Uploaded images in the store (SQLite or PostgreSQL) by content hash (`image_blobs`, schema 3): the same bytes are stored
/// once however often they are sent; a product image (`images.blob_hash`) may point at one, so the
/// original `POST /products/productimage` serves it too.
///
/// Thread-safe (`Sendable`): one connection behind a lock (`StoreConnection`).
public final class ImageStore: Sendable {
    private let connection: StoreConnection

    /// Opens (creating and migrating if needed) the store at `path`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        connection = try StoreConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens the store at `target` (a PostgreSQL store must be migrated first: `PostgresSchema.migrate`).
    public init(target: StoreTarget) throws(StoreError) {
        connection = try StoreConnection(target)
    }

    /// Closes the connection; later calls fail with `.closed`.
    public func close() {
        connection.close()
    }

    /// Stores a validated upload (once: the same bytes again change nothing) and describes it.
    @discardableResult
    public func store(_ upload: ImageUpload, at time: Timestamp) throws(StoreError) -> StoredImage {
        let hash = SHA256.hexDigest(upload.bytes)
        try connection.withDatabase { database throws(StoreError) -> Void in
            _ = try database.write("""
                INSERT INTO image_blobs (hash, content_type, width, height, bytes, created_at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """, [.text(hash), .text(upload.contentType), .integer(Int64(upload.width)), .integer(Int64(upload.height)),
                      .blob(upload.bytes), .integer(time.millisecondsSinceEpoch)])
        }
        return StoredImage(hash: hash, contentType: upload.contentType, width: upload.width, height: upload.height)
    }

    /// The image with this hash, bytes included, or nil when none is stored.
    public func image(hash: String) throws(StoreError) -> StoredImage? {
        guard StoredImage.isHash(hash) else { return nil }
        return try connection.withDatabase { database throws(StoreError) -> StoredImage? in
            try database.rows("SELECT content_type, width, height, bytes FROM image_blobs WHERE hash = ?", [.text(hash)]) { row in
                StoredImage(hash: hash, contentType: row.text(0), width: Int(row.int64(1)), height: Int(row.int64(2)),
                            bytes: row.blob(3))
            }.first
        }
    }

    /// Makes stored images a product's pictures after its existing ones (for selling), in order, and
    /// returns their image ids (those `POST /products/productimage` serves); nil, attaching nothing,
    /// when a hash is not stored.
    public func attach(hashes: [String], to product: ProductID) throws(StoreError) -> [Int]? {
        try connection.withDatabase { database throws(StoreError) -> [Int]? in
            try database.inTransaction { () throws(StoreError) -> [Int]? in
                var position = Int64(try database.scalarInteger(
                    "SELECT COALESCE(MAX(position) + 1, 0) FROM images WHERE product_id = ?", [.integer(Int64(product.rawValue))]) ?? 0)
                var ids: [Int] = []
                for hash in hashes {
                    guard try database.scalarInteger("SELECT COUNT(*) FROM image_blobs WHERE hash = ?", [.text(hash)]) == 1 else {
                        return nil
                    }
                    ids.append(Int(try database.insertReturningID(
                        "INSERT INTO images (product_id, position, bytes, blob_hash) VALUES (?, ?, \(database.dialect.emptyBytes), ?)",
                        [.integer(Int64(product.rawValue)), .integer(position), .text(hash)])))
                    position += 1
                }
                return ids
            }
        }
    }

    /// How many distinct images are stored.
    public func count() throws(StoreError) -> Int {
        try connection.withDatabase { database throws(StoreError) -> Int in Int(try database.scalarInteger("SELECT COUNT(*) FROM image_blobs") ?? 0) }
    }
}
