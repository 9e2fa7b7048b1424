import AuctionCore
import AuctionServer
import AuctionTestSupport
import Testing

/// A sorted search that the sort's index drives checks each row for the search terms: on a real SQLite
/// file, that check (substrings of the row's text for ASCII and caseless terms, the trigram index for
/// cased letters beyond ASCII) finds exactly the lots the search's own index finds, in the same order;
/// a walk whose rows each cost a probe visits a tenth of the row budget.
extension SQLiteCatalogueSearchTests {
    /// 90 lots named in upper and lower case, in Korean and with accented capitals.
    private static func checkListings(now: Timestamp) -> [ProductListing] {
        (0..<90).map { index in
            let names = ["VINTAGE Lamp", "vintage desk lamp", "oak shelf", "나이키 운동화", "École desk", "ÉCOLE chair", "brass lamp"]
            let description = index % 5 == 0 ? "a Vintage piece" : "lot \(index)"
            return ProductListing(name: "\(names[index % names.count]) \(index)", seller: index % 4 == 0 ? "lampworks" : "oliver",
                                  description: description, startPrice: Money(Int64(100 + (index * 37) % 1_000)), listedAt: now,
                                  endsAt: now.adding(milliseconds: Int64(60 + index) * 1_000))
        }
    }

    @Test func theRowCheckFindsWhatTheSearchIndexFinds() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let listings = Self.checkListings(now: now)
        let store = try store(folder, listings)
        defer { store.close() }
        let searches: [(String, CatalogueQuery.Sort, Int)] = [
            ("vintage LAMP", .price, 8), ("Lamp", .ending, 5), ("나이키", .price, 4), ("운동화 나이키", .new, 3),
            ("école", .price, 6), ("ÉCOLE DESK", .ending, 4), ("works", .price, 7), ("vintage 운동화", .price, 3),
        ]
        for (text, sort, limit) in searches {
            let request = CatalogueQueryRequest(CatalogueQuery(search: text, sort: sort), limit: limit)
            let walked = try walk(store, request, cap: 1)
            let driven = try walk(store, request, cap: 10_000)
            #expect(walked == driven, "\(text)")
            #expect(!walked.isEmpty && Set(walked).count == walked.count, "\(text)")
        }
        // Case folds both ways: "vintage LAMP" finds the upper-case name and the lower-case one.
        let both = try walk(store, CatalogueQueryRequest(CatalogueQuery(search: "vintage LAMP", sort: .price), limit: 50), cap: 1)
        #expect(Set(both) == Set(listings.indices.filter { index in
            let listing = listings[index], text = (listing.name + " " + listing.description + " " + listing.seller).lowercased()
            return text.contains("vintage") && text.contains("lamp")
        }.map { $0 + 1 }))
    }

    @Test func aWalkWhoseRowsAreProbedVisitsATenthOfTheBudget() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Lots 1…200 at rising prices; only the last ten are named with a cased letter beyond ASCII.
        let store = try store(folder, (1...200).map { index in
            ProductListing(name: index > 190 ? "École desk \(index)" : "oak desk \(index)", seller: "oliver", description: "",
                           startPrice: Money(Int64(1_000 + index)), listedAt: now, endsAt: now.adding(milliseconds: 86_400_000))
        })
        defer { store.close() }
        // The price index drives (a candidate cap of 1) and each row is a trigram probe: 160 / 10 rows a page.
        var request = CatalogueQueryRequest(CatalogueQuery(search: "école", sort: .price), limit: 5)
        let first = try store.query(request, now: now, candidateCap: 1, rowBudget: 160)
        #expect(first.ids.isEmpty && first.next?.id == 16, "\(String(describing: first.next))")
        // The ASCII term's check reads the row's text: the walk visits the whole budget.
        request = CatalogueQueryRequest(CatalogueQuery(search: "desk 19", sort: .price), limit: 50)
        let ascii = try store.query(request, now: now, candidateCap: 1, rowBudget: 160)
        #expect(ascii.ids.map(\.rawValue) == [19] && ascii.next?.id == 160, "\(ascii.ids) \(String(describing: ascii.next))")
    }
}
