import AuctionServer

/// Read-only checks of a server's SQLite file from another connection (end-to-end tests).
public enum StoreInspection {
    /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
    public static func integrityCheck(_ path: String) throws -> [String] {
        let database = try SQLiteDatabase(path: path, options: [.readWrite])
        defer { database.close() }
        return try database.integrityCheck()
    }

    /// Every stored bid as (product id, price), oldest first.
    public static func bids(_ path: String) throws -> [(product: Int, price: Int64)] {
        let database = try SQLiteDatabase(path: path, options: [.readWrite])
        defer { database.close() }
        return try database.storedBids()
    }

    /// A product's current price as stored.
    public static func currentPrice(_ path: String, product: Int) throws -> Int64? {
        let database = try SQLiteDatabase(path: path, options: [.readWrite])
        defer { database.close() }
        return try database.storedCurrentPrice(of: product)
    }
}
