import AuctionCLI
import AuctionCore
import AuctionLotLog
import AuctionTestSupport
import Glibc
import Testing

@Suite struct ReceiptStoreTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func receiptsAreKeptPerLotPrivatelyAndReadBackBySeq() throws {
        // Given receipts of two lots, saved out of order and one twice
        let folder = try TemporaryDirectory(prefix: "receipt-store")
        defer { folder.remove() }
        let store = ReceiptStore(directory: folder.file("data/auction/receipts"))
        let five = LotLogFixture.busyLot(bids: 4, bidders: [.nobody])
        let six = LotLogFixture.busyLot(bids: 2, bidders: [.nobody], lot: ProductID(6))
        try store.save([five.receipt(at: 4), five.receipt(at: 2), six.receipt(at: 2)])
        try store.save(five.receipt(at: 2))
        // Then each lot's file holds its own, once each, by seq; files 0600 in a 0700 folder
        #expect(try store.receipts(for: ProductID(5)).map(\.seq) == [2, 4])
        #expect(try store.receipts(for: ProductID(5)).first == five.receipt(at: 2))
        #expect(try store.lots() == [ProductID(5), ProductID(6)])
        #expect(try store.all().map(\.lot) == [ProductID(5), ProductID(5), ProductID(6)])
        #expect(mode(store.path(of: ProductID(5))) == 0o600)
        #expect(mode(store.directory) == 0o700)
        #expect(try store.receipts(for: ProductID(7)).isEmpty)
    }

    @Test func aLineCutShortByACrashIsSkipped() throws {
        let folder = try TemporaryDirectory(prefix: "receipt-store")
        defer { folder.remove() }
        let store = ReceiptStore(directory: folder.path)
        let log = LotLogFixture.busyLot(bids: 3, bidders: [.nobody])
        try store.save(log.receipt(at: 2))
        let fd = open(store.path(of: ProductID(5)), O_WRONLY | O_APPEND)
        _ = "{\"lot\":5,\"seq\":3,\"entry\":\"01".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        try store.save(log.receipt(at: 4))
        // The torn line is skipped; the receipt saved after it is not lost with it.
        #expect(try store.receipts(for: ProductID(5)).map(\.seq) == [2, 4])
    }

    @Test func atMostTenThousandPerLotAreKept() throws {
        let folder = try TemporaryDirectory(prefix: "receipt-store")
        defer { folder.remove() }
        let store = ReceiptStore(directory: folder.path)
        let log = LotLogFixture.busyLot(bids: 1, bidders: [.nobody])
        let receipt = log.receipt(at: 2)
        let many = (1...11_001).map { seq -> LotReceipt in
            var copy = receipt
            copy.seq = UInt64(seq)
            return copy
        }
        try store.save(many)
        let kept = try store.receipts(for: ProductID(5))
        #expect(kept.count == ReceiptStore.maximumPerLot)
        #expect(kept.first?.seq == 1_002)
        #expect(kept.last?.seq == 11_001)
    }

    @Test func theDataFolderComesFromXDGOrHome() {
        #expect(ReceiptStore(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])?.directory == "/x/auction/receipts")
        #expect(ReceiptStore(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])?.directory == "/h/.local/share/auction/receipts")
        #expect(ReceiptStore(environment: [:]) == nil)
    }
}
