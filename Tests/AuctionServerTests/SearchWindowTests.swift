import AuctionCore
import AuctionServer
import AuctionTestSupport
import Testing

/// A ranked search whose terms seldom meet cannot make the FTS engine walk the whole catalogue for one
/// page: on a real SQLite file, each ranked walk covers at most `budget` × `searchWindowBudgets` lot ids,
/// a page whose window runs out ends there (empty or short) with a cursor, and following the cursors still
/// finds every match, in rank order, exactly once.
@Suite struct SearchWindowTests {
    private static let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)
    private static let budget = 16
    private static var window: Int64 { Int64(budget * CatalogueStore.searchWindowBudgets) }

    /// 1,000 lots: every one holds "walnut" or "cabinet" in its name, both only lots 5, 600 and 990;
    /// lot 300 holds both in its description alone (tier 1).
    private static var listings: [ProductListing] {
        (1...1_000).map { index in
            let name = [5, 600, 990].contains(index) ? "walnut cabinet \(index)" : index.isMultiple(of: 2) ? "walnut \(index)" : "cabinet \(index)"
            return ProductListing(name: name, seller: "oliver", description: index == 300 ? "walnut and a cabinet" : "lot \(index)",
                                  startPrice: 1_000, listedAt: now, endsAt: now.adding(milliseconds: 86_400_000))
        }
    }

    @Test func aRankedWalkEndsAtItsIDWindowWithACursorAndTheWalkStillFindsEveryMatch() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try CatalogueStore(path: folder.file("catalogue.sqlite"))
        defer { store.close() }
        try store.add(Self.listings)

        var request = CatalogueQueryRequest(CatalogueQuery(search: "walnut cabinet"), limit: 10)
        var ids: [Int] = [], cursors: [QueryCursor] = []
        for _ in 0..<100 {
            let page = try store.query(request, now: Self.now, rowBudget: Self.budget)
            ids += page.ids.map(\.rawValue)
            guard let next = page.next else { break }
            cursors.append(next)
            request.cursor = next
        }
        #expect(ids == [990, 600, 5, 300])
        // The first page stops at its window (ids 1,000 down to 681), having found only 990: not at 5.
        #expect(cursors.first?.key == 0 && cursors.first?.id == 1_001 - Self.window)
        // Each page's walk moves at most one window down its tier.
        var previous = (tier: Int64(0), id: Int64(1_001))
        for cursor in cursors {
            if cursor.key == previous.tier { #expect(previous.id - cursor.id <= Self.window, "\(previous) → \(cursor)") }
            previous = (cursor.key, cursor.id)
        }
        #expect(cursors.count >= 2 * (1_000 / Int(Self.window)) - 1)
    }
}
