import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// A query's `total` on a real PostgreSQL counts the lots its filters match, as SQLite's does; a search is not counted.
@Suite struct PostgresQueryTotalTests {
    @Test func theTotalCountsTheFiltersMatchesAndNotASearch() async throws {
        let fixture = try PostgresFixture()
        try PostgresBidLedgerTests.makeStore(fixture, products: 5)
        let store = try CatalogueStore(target: .postgres(try PostgresConnectionString(fixture.url)))
        defer { store.close() }
        let now = PostgresSortKeyTests.now
        #expect(try store.queryTotal(CatalogueQueryRequest(CatalogueQuery(status: .all)), now: now) == 5)
        #expect(try store.queryTotal(CatalogueQueryRequest(CatalogueQuery(status: .all)), now: now, cap: 3) == 3, "counted no further than the cap")
        #expect(try store.queryTotal(CatalogueQueryRequest(CatalogueQuery(search: "lot", status: .all)), now: now) == nil)
    }
}
