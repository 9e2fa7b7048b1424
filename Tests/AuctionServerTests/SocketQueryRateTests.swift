import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Socket request 13 runs catalogue queries like `GET /products/query` does, so it takes from the same
/// per-address rate (`queries_per_address`): over a real socket and real HTTP on one server with a
/// manual clock, one address's queries by either path share one bucket, and past it request 13 is
/// refused `rate_limited` with `retry_after_ms`, until the clock refills the bucket.
@Suite struct SocketQueryRateTests {
    @Test func requestThirteenSharesTheAddresssQueryRateWithHTTP() async throws {
        let clock = ManualClock()
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 20), clock: clock) { configuration in
            configuration.query.queriesPerAddressPerSecond = 3
        }
        defer { fixture.stop() }
        let loop = try EventLoop.spawn(name: "query-client")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: HTTPBaseURL(host: "127.0.0.1", port: fixture.addresses.http.port), loop: loop)
        let socket = try fixture.client()
        defer { socket.close() }
        let query = ClientMessage.queryState(parameters: ["sort": "price", "limit": "5"], pages: 2)

        // Two queries on the socket and one over HTTP spend the bucket of three.
        #expect(try await socket.request(query).result)
        #expect(try await http.get("/products/query?sort=price").status == .ok)
        #expect(try await socket.request(query).result)
        let refused = try await socket.request(query)
        #expect(!refused.result)
        #expect(refused.reason == .rateLimited)
        let wait = try #require(refused.fields["retry_after_ms"]?.intValue)
        #expect((1...1_000).contains(wait))
        #expect(try await http.get("/products/query?sort=price").status == .tooManyRequests)
        // Another kind of request on the same connection is not a query: it goes on.
        #expect(try await socket.request(.listState(stateNumber: 0)).result)

        clock.advance(milliseconds: wait)
        #expect(try await socket.request(query).result)
        #expect(!(try await socket.request(query).result))
        clock.advance(milliseconds: 1_000)
        #expect(try await http.get("/products/query?sort=price").status == .ok)
        #expect(try await socket.request(query).result)
    }
}
