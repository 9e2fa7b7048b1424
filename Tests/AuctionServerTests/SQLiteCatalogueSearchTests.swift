import AuctionCore
import AuctionServer
import AuctionTestSupport
import Testing

/// Schema 8's search on a real SQLite file: ranked tiers (name first, newest first) walked page by
/// page, two-character Korean terms as substrings through the pairs index (kept in step with edits),
/// short Latin terms as word starts, and filtered pages that give the same lots whichever index
/// drives them (a narrowing filter's, or the sort's own walk).
@Suite struct SQLiteCatalogueSearchTests {
    let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)

    func store(_ folder: TemporaryDirectory, _ listings: [ProductListing]) throws -> CatalogueStore {
        let store = try CatalogueStore(path: folder.file("catalogue.sqlite"))
        try store.add(listings)
        return store
    }

    private func lot(_ name: String, _ description: String = "", seller: String = "oliver", price: Money = 1_000,
                     endsIn seconds: Int64 = 86_400) -> ProductListing {
        ProductListing(name: name, seller: seller, description: description, startPrice: price, listedAt: now,
                       endsAt: now.adding(milliseconds: seconds * 1_000))
    }

    /// Every page of `query`, cursors followed.
    func walk(_ store: CatalogueStore, _ query: CatalogueQueryRequest, cap: Int = CatalogueStore.sortedCandidateCap) throws -> [Int] {
        var query = query
        var ids: [Int] = []
        for _ in 0..<100 {
            let page = try store.query(query, now: now, candidateCap: cap)
            ids += page.ids.map(\.rawValue)
            guard let next = page.next else { return ids }
            query.cursor = next
        }
        Issue.record("the walk did not end")
        return ids
    }

    @Test func rankedSearchPutsNameMatchesFirstEachTierNewestFirstAcrossPages() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Odd ids hold "lamp" in the name, even ids only in the description; 3 of each kind per page of 2.
        let listings = (1...12).map { index in
            index % 2 == 1 ? lot("brass lamp \(index)") : lot("shelf \(index)", "a lamp goes well with it")
        }
        let store = try store(folder, listings)
        defer { store.close() }
        let ids = try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "LAMP"), limit: 2))
        #expect(ids == [11, 9, 7, 5, 3, 1, 12, 10, 8, 6, 4, 2])
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "lamp brass"), limit: 5)) == [11, 9, 7, 5, 3, 1])
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "amp"), limit: 50)).count == 12)  // long terms stay substrings
    }

    @Test func twoCharacterKoreanTermsAreSubstringsAndFollowEdits() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try store(folder, [
            lot("아동신발 새상품"), lot("가방", "남성신발과 어울림"), lot("나이키 운동화"), lot("책상", seller: "신발가게"),
        ])
        defer { store.close() }
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "신발"))) == [1, 4, 2])  // name first, then description and seller
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "이키 운동"))) == [3])
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "신발 어울"))) == [2])
        try store.withDatabase { database throws(StoreError) in
            try database.write("UPDATE products SET name = '아동 모자' WHERE id = 1", [])
            try database.write("DELETE FROM products WHERE id = 4", [])
        }
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "신발"))) == [2])
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "모자"))) == [1])
        let pairs = try store.withDatabase { database throws(StoreError) in
            try database.scalarInteger("SELECT count(*) FROM product_pairs WHERE product_id = 4")
        }
        #expect(pairs == 0)
    }

    @Test func shortLatinTermsMatchWordStartsAndLetterlessOnesAreLiteral() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try store(folder, [lot("tv stand"), lot("retv box"), lot("R&B records"), lot("tvs for parts")])
        defer { store.close() }
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "TV"))) == [4, 1])
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "& records"))) == [3])
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "&"))).isEmpty)  // nothing for an index to find
        #expect(try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "\" NEAR * ( -"))).isEmpty)
    }

    @Test func filteredPagesAreTheSameWhicheverIndexDrivesThem() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let listings = (0..<120).map { (index: Int) -> ProductListing in
            let name = index % 3 == 0 ? "vintage lamp \(index)" : "oak shelf \(index)"
            let price = Money(Int64(100 + (index * 37) % 1_000))
            let seconds = Int64(60 + (index * 7_919) % 200_000)
            return lot(name, seller: "seller\(index % 4)", price: price, endsIn: seconds)
        }
        let store = try store(folder, listings)
        defer { store.close() }
        let queries = [
            CatalogueQueryRequest(CatalogueQuery(sort: .price, seller: "seller1"), limit: 7),
            CatalogueQueryRequest(CatalogueQuery(sort: .ending, minimumPrice: 300, maximumPrice: 600), limit: 7),
            CatalogueQueryRequest(CatalogueQuery(sort: .new, endingWithinSeconds: 50_000), limit: 7),
            CatalogueQueryRequest(CatalogueQuery(sort: .bids, endingWithinSeconds: 90_000, minimumPrice: 200, seller: "seller2"), limit: 4),
            CatalogueQueryRequest(CatalogueQuery(search: "vintage", sort: .price), limit: 7),
            CatalogueQueryRequest(CatalogueQuery(search: "lamp", sort: .ending, maximumPrice: 500), limit: 3),
            CatalogueQueryRequest(CatalogueQuery(sort: .id, seller: "seller3", status: .all), limit: 9),
        ]
        for query in queries {
            // A cap of 1 walks the sort's index; a large one reads the narrowing filter's rows and sorts them.
            let walked = try walk(store, query, cap: 1)
            let narrowed = try walk(store, query, cap: 10_000)
            #expect(walked == narrowed, "\(query)")
            #expect(Set(walked).count == walked.count && !walked.isEmpty, "\(query)")
        }
        let within = try walk(store, CatalogueQueryRequest(CatalogueQuery(sort: .ending, endingWithinSeconds: 50_000), limit: 7), cap: 1)
        let expected = listings.enumerated().filter { _, listing in
            listing.endsAt.map { $0.millisecondsSinceEpoch - now.millisecondsSinceEpoch <= 50_000_000 } ?? false
        }
        #expect(within.count == expected.count)
    }

    @Test func aBulkLoadWritesTheSamePairsAsTheTriggers() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let rows = [
            ("아동신발 새상품", "남성신발과 어울림 中古品", "민지"), ("tv stand", "no pairs here", "oliver"),
            ("나이키운동화", "운동화 신발 나이키 정품", "신발가게"), ("가방", "가방 가방가방", "가"),
        ]
        let triggered = try store(folder, rows.map { lot($0.0, $0.1, seller: $0.2) })
        defer { triggered.close() }
        let bulk = try CatalogueStore(path: folder.file("bulk.sqlite"))
        defer { bulk.close() }
        try bulk.bulkInsert(count: rows.count) { index in
            BulkProductRow(name: rows[index].0, seller: rows[index].2, description: rows[index].1, startPrice: 100, currentPrice: 100,
                           listedAt: now, endsAt: now.adding(milliseconds: 60_000), bidCount: 0, closed: false)
        }
        let pairs = { (store: CatalogueStore) throws -> [String] in
            try store.withDatabase { database throws(StoreError) in
                try database.rows("SELECT pair, in_name, product_id FROM product_pairs ORDER BY product_id, in_name, pair", []) {
                    "\($0.text(0)) \($0.int64(1)) \($0.int64(2))"
                }
            }
        }
        let expected = try pairs(triggered)
        #expect(expected.contains("신발 1 1") && expected.contains("古品 0 1") && !expected.contains("운동 0 3"))
        #expect(try pairs(bulk) == expected)
        // The trigger is back for lots listed later.
        try bulk.add([lot("아동모자")])
        #expect(try bulk.query(CatalogueQueryRequest(CatalogueQuery(search: "모자")), now: now).ids == [ProductID(5)])
    }
}
