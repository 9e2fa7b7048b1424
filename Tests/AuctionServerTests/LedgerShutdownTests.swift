import AuctionCore
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

@Suite struct LedgerShutdownTests {
    @Test func shutdownReallyClosesTheWriterSoTheLastCloseCheckpoints() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("ledger.sqlite")
        try SQLiteBidLedgerTests.makeStore(at: path, products: 2)
        let ledger = try SQLiteBidLedger(path: path)
        try ledger.record([AcceptedBid(productID: 2, price: 4_000, previousPrice: 1_000, bidder: nil, acceptedAt: SQLiteBidLedgerTests.now)])
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))

        // When: the ledger shuts down while the object itself is still referenced.
        ledger.shutdown()

        // Then: its connections are really closed (no zombie kept alive by prepared statements), so
        // the last close copied the WAL into the file and removed it, and the file alone has the bid.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        withExtendedLifetime(ledger) {}
        #expect(try StoreInspection.currentPrice(path, product: 2) == 4_000)
    }
}
