import AuctionCore
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct SQLiteCatalogueStoreTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    @Test func listsSeededProductsInIDOrderWithTheirImages() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try CatalogueStore(path: folder.file("catalogue.sqlite"))
        try store.seedDemoCatalogueIfEmpty(now: Self.now)
        let listings = DemoCatalogue.listings(now: Self.now)

        let products = try store.allProducts()

        #expect(products.map(\.id) == listings.compactMap(\.id))
        for (product, listing) in zip(products, listings) {
            #expect(product.name == listing.name)
            #expect(product.startPrice == listing.startPrice && product.currentPrice == listing.currentPrice)
            #expect(product.lastChange == listing.lastChange && product.direction == PriceDirection(change: listing.lastChange))
            #expect(product.auctionDate == listing.lastChangeAt.calendarDate)
            #expect(product.endsAt == listing.endsAt && product.minimumIncrement == listing.minimumIncrement)
            #expect(product.imageIDs.count == listing.images.count)
            for (imageID, bytes) in zip(product.imageIDs, listing.images) {
                #expect(try store.image(imageID) == bytes)
            }
        }
        #expect(try store.image(999_999) == nil)
    }

    @Test func detailCarriesSellerDescriptionAndHistory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try CatalogueStore(path: folder.file("detail.sqlite"))
        try store.seedDemoCatalogueIfEmpty(now: Self.now)
        let listing = DemoCatalogue.listings(now: Self.now)[4]

        let detail = try #require(try store.detail(of: 5))

        #expect(detail.product.id == 5)
        #expect(detail.sellerName == listing.seller && detail.description == listing.description)
        #expect(detail.listedAt == listing.listedAt)
        #expect(detail.priceHistory == listing.history)
        #expect(try store.detail(of: 10_000) == nil)
    }

    @Test func historyIncludesLedgerBidsAsTheDaysHighest() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("history.sqlite")
        let store = try CatalogueStore(path: path)
        let listedAt = Timestamp(millisecondsSinceEpoch: 1_789_900_000_000)
        let ids = try store.add([ProductListing(
            name: "Test lamp", seller: "s", startPrice: 10_000, listedAt: listedAt,
            history: [PricePoint(date: listedAt.calendarDate, price: 10_000)])])
        let ledger = try SQLiteBidLedger(path: path)
        try ledger.record([
            AcceptedBid(productID: ids[0], price: 11_000, previousPrice: 10_000, bidder: nil, acceptedAt: Self.now),
            AcceptedBid(productID: ids[0], price: 12_500, previousPrice: 11_000, bidder: nil, acceptedAt: Self.now.adding(milliseconds: 5)),
        ])
        ledger.shutdown()

        let history = try store.priceHistory(of: ids[0])

        #expect(history == [PricePoint(date: listedAt.calendarDate, price: 10_000), PricePoint(date: Self.now.calendarDate, price: 12_500)])
        let product = try #require(try store.allProducts().first)
        #expect(product.currentPrice == 12_500 && product.lastChange == 1_500 && product.direction == .up)
    }

    @Test func recordsAnAuctionCloseOnce() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try CatalogueStore(path: folder.file("close.sqlite"))
        try store.seedDemoCatalogueIfEmpty(now: Self.now)
        let winner = try store.withDatabase { database throws(StoreError) -> UserID in
            UserID(rawValue: try database.insertReturningID("INSERT INTO users (name, password_hash, created_at) VALUES ('alice', 'h', 1)", []))
        }

        let first = try store.recordClose(AuctionClosure(productID: 3, finalPrice: 90_000, winner: winner, closedAt: Self.now))
        let second = try store.recordClose(AuctionClosure(productID: 3, finalPrice: 1, winner: nil, closedAt: Self.now))
        try store.recordClose(AuctionClosure(productID: 4, finalPrice: 5_000, winner: nil, closedAt: Self.now))

        #expect(first && !second)
        let closed = try store.closedAuctions()
        #expect(closed.count == 2)
        #expect(closed[3] == AuctionClosure(productID: 3, finalPrice: 90_000, winner: winner, winnerName: "alice", closedAt: Self.now))
        #expect(closed[4]?.winner == nil && closed[4]?.winnerName == nil)
    }

    @Test func closedStoreReportsClosed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("shut.sqlite")
        let store = try CatalogueStore(path: path)
        store.close()
        #expect(throws: StoreError.closed(path: path)) { _ = try store.allProducts() }
    }
}
