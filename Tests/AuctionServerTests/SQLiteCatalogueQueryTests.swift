import AuctionCore
import AuctionServer
import AuctionTestSupport
import Testing

/// The schema-6 search index follows the products table: lots added, renamed or deleted after
/// start are found (or not) at once, so lots listed at run time are searchable.
@Suite struct SQLiteCatalogueQueryTests {
    @Test func theIndexFollowsInsertsUpdatesAndDeletes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try CatalogueStore(path: folder.file("catalogue.sqlite"))
        defer { store.close() }
        let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)
        try store.add([ProductListing(name: "Brass lamp", seller: "oliver", startPrice: 100, listedAt: now)])
        let search = { (text: String) throws -> [ProductID] in
            try store.query(CatalogueQueryRequest(CatalogueQuery(search: text, status: .all)), now: now).ids
        }
        #expect(try search("brass") == [ProductID(1)])

        let added = try store.add([ProductListing(name: "나이키운동화 한정판", seller: "minji", description: "새상품", startPrice: 100, listedAt: now)])
        #expect(try search("운동화") == added)
        #expect(try search("minji") == added)

        try store.withDatabase { database throws(StoreError) in
            try database.write("UPDATE products SET name = 'Copper lamp' WHERE id = 1")
        }
        #expect(try search("brass").isEmpty)
        #expect(try search("copper") == [ProductID(1)])
        #expect(try search("lamp \"") .isEmpty)

        try store.withDatabase { database throws(StoreError) in
            try database.write("DELETE FROM products WHERE id = 1")
        }
        #expect(try search("copper").isEmpty)
        let bids = try store.query(CatalogueQueryRequest(CatalogueQuery(sort: .bids, status: .all)), now: now)
        #expect(bids.ids == added && bids.next == nil)
    }
}
