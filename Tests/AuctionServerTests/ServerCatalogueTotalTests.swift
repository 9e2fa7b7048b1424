import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// The catalogue's and a query's size as the server counts them, for `watch`'s `lots 31–60 of 1,204`:
/// `X-Total-Count` on `alllist` answers, `total` on a query's first page (null on later pages and for a search).
@Suite struct ServerCatalogueTotalTests {
    private static func listings(count: Int) -> [ProductListing] {
        let now = SystemClock().now()
        return (1...count).map { index in
            ProductListing(id: ProductID(index), name: "Lot \(index)", seller: index.isMultiple(of: 2) ? "minji" : "oliver",
                           description: "lot \(index)", startPrice: Money(Int64(1_000 + index)),
                           listedAt: now.adding(milliseconds: -Int64(index) * 60_000), endsAt: now.adding(milliseconds: 3_600_000))
        }
    }

    private static func client(_ fixture: ServerFixture) throws -> (HTTPClient, EventLoop) {
        let loop = try EventLoop.spawn(name: "total-client")
        return (HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: fixture.addresses.http.port), loop: loop), loop)
    }

    @Test func everyCataloguePageSaysHowManyLotsThePagesHold() async throws {
        let fixture = try ServerFixture(listings: Self.listings(count: 40))
        defer { fixture.stop() }
        let (client, loop) = try Self.client(fixture)
        defer { loop.shutdown() }
        let page = try await client.post("/products/alllist", json: Array("{\"index\":2}".utf8))
        #expect(page.headers["X-Total-Count"] == "40")
        #expect(String(decoding: page.body, as: UTF8.self).hasPrefix("[{\"product_id\":31,"), "the body stays the original's array")
        let past = try await client.post("/products/alllist", json: Array("{\"index\":9}".utf8))
        #expect(past.status.code == 201 && past.headers["X-Total-Count"] == "40")
        let read = try await HTTPProductRepository(client: client).page(1)
        #expect(read?.total == 40)
    }

    @Test func aQuerysFirstPageCarriesItsTotalAndLaterPagesAndSearchesDoNot() async throws {
        let fixture = try ServerFixture(listings: Self.listings(count: 40))
        defer { fixture.stop() }
        let (client, loop) = try Self.client(fixture)
        defer { loop.shutdown() }
        let repository = HTTPProductRepository(client: client)
        let first = try await repository.query(CatalogueQuery(sort: .price, seller: "minji"), cursor: nil)
        #expect(first.total == 20 && first.products.count == 15)
        let second = try await repository.query(CatalogueQuery(sort: .price, seller: "minji"), cursor: first.nextCursor)
        #expect(second.total == nil && second.products.count == 5)
        let raw = try JSONValue.parse(try await client.get("/products/query?sort=ending").body)
        #expect(raw["total"] == .int(40))
        let search = try JSONValue.parse(try await client.get("/products/query?search=lot").body)
        #expect(search["total"] == .null, "a search is not counted: its terms are checked per row walked")
    }
}
