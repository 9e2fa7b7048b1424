import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Whole nodes on one PostgreSQL store: what one node commits, another (or the next) sees.
@Suite struct SharedStoreServerTests {
    static func configuration(_ fixture: PostgresFixture, folder: TemporaryDirectory) throws -> ServerConfiguration {
        var configuration = ServerConfiguration.ephemeral(databasePath: folder.file("unused.sqlite"))
        configuration.store = try PostgresConnectionString(fixture.url)
        return configuration
    }

    static func productCount(_ http: HTTPClient) async throws -> Int? {
        let health = try await http.get("/health")
        let object = try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any]
        return object?["products"] as? Int
    }

    @Test func aBidOnOneNodeIsThereWhenTheNextNodeStartsOnTheSameStore() async throws {
        let fixture = try PostgresFixture()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let configuration = try Self.configuration(fixture, folder: folder)
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }

        let first = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try first.start()
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), loop: loop)
        #expect(try await Self.productCount(http) == DemoCatalogue.productCount)
        #expect(try await http.post("/products/alllist", json: Array("{\"index\":1}".utf8)).status == .ok)
        let found = try await http.get("/products/query?search=lamp%25&status=all")
        let page = try JSONSerialization.jsonObject(with: Data(found.body)) as? [String: Any]
        #expect(found.status == .ok && page?["products"] is [Any])
        let registered = try await http.post("/users/register", json: AccountDTO.credentialsBody(name: "carol", password: "correct horse"))
        #expect(registered.status == .created)
        let login = try await http.post("/users/login", json: AccountDTO.credentialsBody(name: "carol", password: "correct horse"))
        let session = try #require(AccountDTO.session(from: login.body))
        let client = try TestClient(port: addresses.socket.port)
        #expect(try await client.request(.login(token: session.token)).result)
        #expect(try await client.bid(7, 900_000_000).result)
        client.close()
        first.stop()

        let second = AuctionHouseServer(configuration: configuration, log: .silent)
        let again = try second.start()
        defer { second.stop() }
        #expect(second.databasePath == nil || second.databasePath?.contains("unused.sqlite") == false)
        let next = try TestClient(port: again.socket.port)
        defer { next.close() }
        // The token made on the first node logs in here; the book knows the committed price.
        #expect(try await next.request(.login(token: session.token)).result)
        #expect(try await next.bid(7, 900_000_000).reason == .priceTooLow)
        let store = try PostgresConnection(fixture.url)
        defer { store.close() }
        let rows = try store.query("SELECT u.name, b.price FROM bids b JOIN users u ON u.id = b.user_id") { ($0.text(0), $0.int64(1)) }
        #expect(rows.map(\.0) == ["carol"] && rows.map(\.1) == [900_000_000])
    }

    @Test func twoNodesStartTogetherSeedOnceAndShareLogins() async throws {
        let fixture = try PostgresFixture()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let configuration = try Self.configuration(fixture, folder: folder)
        let clock = ManualClock()
        let nodes = [AuctionHouseServer(configuration: configuration, log: .silent, clock: clock),
                     AuctionHouseServer(configuration: configuration, log: .silent, clock: clock)]
        defer { nodes.forEach { $0.stop() } }
        // Both start at once: migration and seeding each happen under the advisory lock.
        async let startA = offPool { try nodes[0].start() }
        async let startB = offPool { try nodes[1].start() }
        let (a, b) = try await (startA, startB)
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let httpA = HTTPClient(baseURL: try HTTPBaseURL(parsing: a.httpURL), loop: loop)
        let httpB = HTTPClient(baseURL: try HTTPBaseURL(parsing: b.httpURL), loop: loop)
        #expect(try await Self.productCount(httpA) == DemoCatalogue.productCount)
        #expect(try await Self.productCount(httpB) == DemoCatalogue.productCount)
        let store = try PostgresConnection(fixture.url)
        defer { store.close() }
        #expect(try store.scalarInteger("SELECT COUNT(*) FROM products") == Int64(DemoCatalogue.productCount))

        let registered = try await httpA.post("/users/register", json: AccountDTO.credentialsBody(name: "dave", password: "correct horse"))
        let session = try #require(AccountDTO.session(from: registered.body))
        let client = try TestClient(port: b.socket.port)
        defer { client.close() }
        let login = try await client.request(.login(token: session.token))
        #expect(login.result && login.fields["user_name"]?.stringValue == "dave")
        // A logout on node A reaches node B at once (its auction_sessions notification), without the 10 s re-check.
        #expect(try await httpA.post("/users/logout", json: Array("{\"token\":\"\(session.token)\"}".utf8)).status == .ok)
        let late = try TestClient(port: b.socket.port)
        defer { late.close() }
        var refused = false
        for _ in 0..<1_000 where !refused {  // polls (10 s at most) until B applied the notification
            refused = try await !late.request(.login(token: session.token)).result
            if !refused { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(refused)
        #expect(try await client.bid(7, 900_000_000).result == false)
    }

    @Test func theNodeHoldingTheClosingDutyRecordsAnEndedAuctionInTheStore() async throws {
        let fixture = try PostgresFixture()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let clock = ManualClock(SystemClock().now())
        let server = AuctionHouseServer(configuration: try Self.configuration(fixture, folder: folder), log: .silent, clock: clock)
        try server.start()
        defer { server.stop() }
        let store = try PostgresConnection(fixture.url)
        defer { store.close() }
        let first = try #require(try store.query("SELECT id, ends_at FROM products WHERE ends_at IS NOT NULL ORDER BY ends_at, id LIMIT 1") {
            ($0.int64(0), $0.int64(1))
        }.first)
        clock.advance(milliseconds: first.1 - clock.now().millisecondsSinceEpoch + 1_000)
        let recorded = await eventually {
            (try? store.scalarInteger("SELECT COUNT(*) FROM products WHERE id = ? AND closed_at IS NOT NULL", [.integer(first.0)])) == 1
        }
        #expect(recorded)
    }
}
