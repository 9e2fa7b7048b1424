import AuctionCore

/// What a seller holds now, for the per-user bounds on open lots and stored image bytes (issue 19).
extension SellingStore {
    /// The seller's lots still open: not closed, bought or withdrawn.
    public func openLots(of seller: UserID) throws(StoreError) -> Int {
        try connection.withDatabase { database throws(StoreError) -> Int in
            Int(try database.scalarInteger("""
                SELECT COUNT(*) FROM products
                WHERE seller_id = ? AND closed_at IS NULL AND withdrawn_at IS NULL AND bought_at IS NULL
                """, [.integer(seller.rawValue)]) ?? 0)
        }
    }

    /// The bytes of the images on the seller's lots, each stored image counted once.
    public func imageBytes(of seller: UserID) throws(StoreError) -> Int {
        try connection.withDatabase { database throws(StoreError) -> Int in
            Int(try database.scalarInteger("""
                SELECT CAST(COALESCE(SUM(length(b.bytes)), 0) AS BIGINT) FROM image_blobs b
                WHERE b.hash IN (SELECT i.blob_hash FROM images i JOIN products p ON p.id = i.product_id WHERE p.seller_id = ?)
                """, [.integer(seller.rawValue)]) ?? 0)
        }
    }
}
