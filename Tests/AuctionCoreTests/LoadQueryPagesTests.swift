import AuctionCore
import Testing

/// A server ends a query page early at its row budget, even empty, with a cursor: the use case follows
/// empty pages at once, so "no lots match" is only said when the answer really ends.
@Suite struct LoadQueryPagesTests {
    /// Pages of lots served in order: an empty page is one the server ended early.
    private struct Pages: CatalogueQueryRepository {
        let pages: [[Int]]

        func query(_ query: CatalogueQuery, cursor: String?) async throws(AuctionError) -> CatalogueQueryPage {
            let index = cursor.flatMap { Int($0) } ?? 0
            let products = pages[index].map { Product(id: ProductID($0), name: "lot \($0)", startPrice: 1_000, currentPrice: 1_000, lastChange: 0, direction: .unchanged, auctionDate: "") }
            return CatalogueQueryPage(products: products, nextCursor: index + 1 < pages.count ? String(index + 1) : nil)
        }
    }

    @Test func emptyPagesEndedEarlyAreFollowedNotShown() async throws {
        let use = LoadQueryPages(queries: Pages(pages: [[], [], [7], [], [3, 2], []]))
        let pages = try await use.first(5, of: CatalogueQuery(search: "walnut cabinet"))
        #expect(pages.map { $0.products.map(\.id.rawValue) } == [[7], [3, 2], []])
        #expect(pages.last?.nextCursor == nil)
        let after = try await use.page(after: "3", of: CatalogueQuery(search: "walnut cabinet"))
        #expect(after.products.map(\.id.rawValue) == [3, 2])
    }
}
