import AuctionCore
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct DemoCatalogueTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000) // 2026-09-21

    @Test func holdsAtLeastFourPagesOfDistinctProducts() {
        let listings = DemoCatalogue.listings(now: Self.now)
        #expect(listings.count >= 60)
        #expect(listings.count == DemoCatalogue.productCount)
        #expect(listings.map(\.id) == (1...listings.count).map { ProductID($0) })
        #expect(Set(listings.map(\.name)).count == listings.count)
        #expect(Set(listings.map(\.seller)).count >= 8)
        #expect(listings.allSatisfy { !$0.description.isEmpty })
    }

    @Test func isDeterministic() {
        #expect(DemoCatalogue.listings(now: Self.now) == DemoCatalogue.listings(now: Self.now))
    }

    @Test func pricesAreRoundWonWithinRange() {
        for listing in DemoCatalogue.listings(now: Self.now) {
            #expect((5_000...2_000_000).contains(listing.startPrice.minorUnits), "\(listing.name)")
            #expect(listing.startPrice.minorUnits % 1_000 == 0, "\(listing.name)")
            #expect(listing.currentPrice.minorUnits % 500 == 0, "\(listing.name)")
        }
    }

    @Test func historiesRiseFromTheStartPriceOnDistinctDates() {
        let listings = DemoCatalogue.listings(now: Self.now)
        for listing in listings {
            #expect(listing.history.first?.price == listing.startPrice, "\(listing.name)")
            #expect(listing.history.last?.price == listing.currentPrice, "\(listing.name)")
            let prices = listing.history.map(\.price)
            #expect(zip(prices, prices.dropFirst()).allSatisfy { $0 < $1 }, "\(listing.name)")
            let dates = listing.history.map(\.date)
            #expect(zip(dates, dates.dropFirst()).allSatisfy { $0 < $1 }, "\(listing.name)")
            #expect(dates.allSatisfy { $0 <= Self.now.calendarDate })
            #expect(listing.lastChangeAt <= Self.now && listing.listedAt < Self.now)
            if listing.history.count > 1 {
                #expect(listing.lastChange == prices[prices.count - 1] - prices[prices.count - 2])
            }
        }
        #expect(listings.filter { $0.history.count >= 3 }.count >= listings.count / 2)
    }

    @Test func endTimesSpreadOverTheComingDaysSomeSoon() {
        let listings = DemoCatalogue.listings(now: Self.now)
        let ends = listings.compactMap(\.endsAt)
        #expect(ends.count == listings.count)
        #expect(ends.allSatisfy { $0 > Self.now })
        #expect(ends.filter { $0 <= Self.now.adding(milliseconds: 3_600_000) }.count >= 3)
        #expect(ends.filter { $0 > Self.now.adding(milliseconds: 3 * 86_400_000) }.count >= 10)
        #expect(listings.filter { $0.minimumIncrement != nil }.count >= 10)
    }

    @Test func everyProductHasA48PixelPNG() {
        for listing in DemoCatalogue.listings(now: Self.now) {
            #expect(!listing.images.isEmpty)
            for png in listing.images {
                #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                #expect(Array(png[12..<16]) == Array("IHDR".utf8))
                #expect(Array(png[16..<24]) == [0, 0, 0, 48, 0, 0, 0, 48])
                #expect(Array(png.suffix(8).prefix(4)) == Array("IEND".utf8))
            }
        }
        let covers = DemoCatalogue.listings(now: Self.now).map { $0.images[0] }
        #expect(Set(covers).count == covers.count)
        #expect(DemoCatalogue.coverImage(of: 7) == covers[6])
    }

    @Test func seedsOnlyAnEmptyStore() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try CatalogueStore(path: folder.file("demo.sqlite"))
        #expect(try store.seedDemoCatalogueIfEmpty(now: Self.now))
        let first = try store.allProducts()
        #expect(try store.seedDemoCatalogueIfEmpty(now: Self.now.adding(milliseconds: 86_400_000)) == false)
        #expect(try store.allProducts() == first)
        #expect(first.count == DemoCatalogue.productCount)
        #expect(first.filter { $0.imageIDs.count > 1 }.count >= 5)
    }
}
