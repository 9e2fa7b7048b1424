import AuctionCore
import AuctionServer

/// A server database prepared before the server starts (end-to-end tests): the demo catalogue with
/// chosen end times, so that auctions end during a test.
public enum CatalogueFixture {
    /// Seeds the demo catalogue into a new database at `path` (as of `now`) and sets these products'
    /// end times (id → end).
    public static func demo(at path: String, now: Timestamp, endingAt ends: [Int: Timestamp]) throws {
        let store = try CatalogueStore(path: path)
        defer { store.close() }
        _ = try store.seedDemoCatalogueIfEmpty(now: now)
        for (id, end) in ends {
            try store.setEnd(of: ProductID(id), to: end)
        }
    }
}
