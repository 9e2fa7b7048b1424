import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// `GET /products/query` never walks the catalogue: over real HTTP on a server over SQLite and over
/// PostgreSQL, filters that match little (or nothing) end each page after at most the row budget,
/// with a cursor, and the walk across pages still finds exactly the matching lots in order. The bound
/// is proved by counting, from each page's cursor, how many rows of the sort order the page moved over.
@Suite struct QueryBudgetTests {
    private static let budget = 50
    private static let lots = 600
    private static let now = SystemClock().now()

    /// Lots 1…600, all open and named "lamp …": ids up to 400 all at 1,000 (one long run of equal
    /// keys under sort=price), the rest at 1,000 + id.
    private static var listings: [ProductListing] {
        (1...lots).map { index in
            ProductListing(id: ProductID(index), name: "lamp \(index)", seller: "oliver", description: "lot \(index)",
                           startPrice: Money(Int64(index <= 400 ? 1_000 : 1_000 + index)), listedAt: now,
                           endsAt: now.adding(milliseconds: Int64(index) * 600_000 + 86_400_000))
        }
    }

    /// Every lot's (price, id) in sort=price order.
    private static var priceOrder: [(key: Int64, id: Int64)] {
        listings.map { (key: $0.startPrice.minorUnits, id: Int64($0.id?.rawValue ?? 0)) }.sorted { ($0.key, $0.id) < ($1.key, $1.id) }
    }

    /// A server over `dialect`'s store holding `listings`, with the test's row budget.
    private static func server(_ test: TestStore, configure: (inout ServerConfiguration) -> Void = { _ in })
        throws -> (server: AuctionHouseServer, addresses: ServerAddresses) {
        let store = try CatalogueStore(target: test.target)
        try store.add(listings)
        store.close()
        var configuration = ServerConfiguration.ephemeral(databasePath: "")
        switch test.target {
        case .file(let path): configuration.databasePath = path
        case .postgres(let connection): configuration.store = connection
        case .shared(let pool): configuration.store = pool.store
        }
        configuration.seedDemoCatalogue = false
        configuration.query.rowBudget = budget
        configuration.query.queriesPerAddressPerSecond = 100_000
        configure(&configuration)
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        return (server, try server.start())
    }

    /// Every page of `target` with its cursor, cursors followed (at most 200 pages).
    private static func pages(_ target: String, port: Int) async throws -> [(ids: [Int], cursor: QueryCursor?)] {
        let loop = try EventLoop.spawn(name: "query-client")
        defer { loop.shutdown() }
        let client = HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: port), loop: loop)
        var pages: [(ids: [Int], cursor: QueryCursor?)] = []
        var next: String?
        for _ in 0..<200 {
            let response = try await client.get(target + (next.map { "&cursor=" + $0 } ?? ""))
            #expect(response.status == .ok, "\(target): \(String(decoding: response.body, as: UTF8.self))")
            let json = try JSONValue.parse(response.body)
            guard case .array(let items)? = json.objectValue?["products"] else { break }
            let ids = items.compactMap { $0.objectValue?["product_id"]?.intValue.map { Int($0) } }
            guard case .string(let text)? = json.objectValue?["next_cursor"] else {
                pages.append((ids, nil))
                return pages
            }
            pages.append((ids, QueryCursor(encoded: text)))
            next = text
        }
        Issue.record("\(target): the walk did not end")
        return pages
    }

    /// How many rows of `order` lie after `previous` up to and including `cursor`: the rows a page moved over.
    private static func moved(_ order: [(key: Int64, id: Int64)], from previous: QueryCursor?, to cursor: QueryCursor?) -> Int {
        let start = previous.map { cursor in order.firstIndex { ($0.key, $0.id) > (cursor.key, cursor.id) } ?? order.count } ?? 0
        let end = cursor.map { cursor in order.firstIndex { ($0.key, $0.id) > (cursor.key, cursor.id) } ?? order.count } ?? order.count
        return end - start
    }

    @Test(arguments: TestStore.engines)
    func aFilterThatMatchesNothingEndsEachPageAtTheBudgetWithACursor(_ dialect: StoreDialect) async throws {
        let test = try TestStore(dialect)
        let (server, addresses) = try Self.server(test)
        defer { server.stop() }
        // The issue's hostile query: open lots ending within a year, but only closed ones wanted.
        let pages = try await Self.pages("/products/query?status=closed&ending_within=31536000&sort=price&limit=50",
                                         port: addresses.http.port)
        #expect(pages.allSatisfy { $0.ids.isEmpty })
        #expect(pages.first?.cursor != nil, "the first page must stop at the budget, not read all \(Self.lots) lots")
        // A page walks at most two index ranges (the cursor's equal keys, then the greater ones) of `budget` rows each.
        var previous: QueryCursor?
        for page in pages {
            let rows = Self.moved(Self.priceOrder, from: previous, to: page.cursor)
            #expect(rows <= 2 * Self.budget, "a page moved over \(rows) rows")
            previous = page.cursor
        }
        #expect(pages.count >= Self.lots / (2 * Self.budget))
    }

    @Test(arguments: TestStore.engines)
    func pagesCutShortByTheBudgetStillFindEveryMatchInOrder(_ dialect: StoreDialect) async throws {
        let test = try TestStore(dialect)
        let (server, addresses) = try Self.server(test)
        defer { server.stop() }
        // 200 lots match (more than the budget, so no candidate set); 400 cheaper ones come first in price order.
        let pages = try await Self.pages("/products/query?sort=price&min_price=1401&max_price=1600&limit=10", port: addresses.http.port)
        #expect(pages.flatMap(\.ids) == Array(401...600))
        var previous: QueryCursor?
        for page in pages {
            #expect(Self.moved(Self.priceOrder, from: previous, to: page.cursor) <= 2 * Self.budget)
            previous = page.cursor
        }
        #expect(pages.prefix(4).allSatisfy { $0.ids.isEmpty && $0.cursor != nil })  // the run of 400 equal prices is walked in budgets

        // A ranked search whose other filters match nothing: each tier is walked newest first, a budget at a time.
        let ranked = try await Self.pages("/products/query?search=lamp&sort=rank&status=closed&limit=50", port: addresses.http.port)
        #expect(ranked.allSatisfy { $0.ids.isEmpty })
        #expect(ranked.count >= Self.lots / (2 * Self.budget))
        // Position in the ranked walk: tier 0 newest first, then (PostgreSQL walks every lot again) tier 1.
        var last: Int64 = 0
        for page in ranked.dropLast() {
            let cursor = try #require(page.cursor)
            let position = cursor.key * Int64(Self.lots) + Int64(Self.lots + 1) - cursor.id
            #expect((0...1).contains(cursor.key) && position - last <= Int64(2 * Self.budget), "a ranked page moved from \(last) to \(position)")
            last = position
        }
    }

    @Test func queriesFromOneAddressAreRated() async throws {
        let clock = ManualClock()
        let fixture = try ServerFixture(listings: Array(Self.listings.prefix(20)), clock: clock) { configuration in
            configuration.query.queriesPerAddressPerSecond = 3
        }
        defer { fixture.stop() }
        let loop = try EventLoop.spawn(name: "query-client")
        defer { loop.shutdown() }
        let client = HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: fixture.addresses.http.port), loop: loop)
        for _ in 0..<3 { #expect(try await client.get("/products/query?sort=price").status == .ok) }
        let refused = try await client.get("/products/query?sort=price")
        #expect(refused.status == .tooManyRequests)
        #expect(refused.headers["Retry-After"] == "1")
        #expect(try JSONValue.parse(refused.body).objectValue?["reason"] == .string("rate_limited"))
        clock.advance(milliseconds: 1_000)
        #expect(try await client.get("/products/query?sort=price").status == .ok)
    }
}
