import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 22, metrics: logins (`POST /users/login`) are counted by outcome, and each request by its
/// registered route and status class.
@Suite struct ServerMetricsLoginTests {
    @Test func loginsAreCountedOkFailedAndRateLimited() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.accounts.failedLoginsPerAddress = .perHour(2)
        configuration.metricsPort = 0
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try server.start()
        defer { server.stop() }
        let loop = try EventLoop.spawn(name: "test-http")
        defer { loop.shutdown() }
        let http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), loop: loop)

        let registered = try await http.post("/users/register", json: AccountDTO.credentialsBody(name: "carol", password: "correct horse"))
        #expect(registered.status == .created)
        let ok = try await http.post("/users/login", json: AccountDTO.credentialsBody(name: "carol", password: "correct horse"))
        #expect(ok.status.code == 200)
        var statuses: [Int] = []
        for _ in 0..<3 {
            statuses.append(try await http.post("/users/login", json: AccountDTO.credentialsBody(name: "carol", password: "wrong")).status.code)
        }
        #expect(statuses == [401, 401, 429])

        let port = try #require(addresses.metrics).port
        let page = try #require(await offPool { LoopbackHTTP.exchange(port: port, "GET", "/metrics") }).body
        let lines = Set(page.split(separator: "\n").map(String.init))
        #expect(lines.contains("auction_logins_total{outcome=\"ok\"} 1"), "\(page)")
        #expect(lines.contains("auction_logins_total{outcome=\"failed\"} 2"))
        #expect(lines.contains("auction_logins_total{outcome=\"rate_limited\"} 1"))
        #expect(lines.contains("auction_http_requests_total{route=\"/users/login\",status_class=\"4xx\"} 3"))
        #expect(lines.contains("auction_http_requests_total{route=\"/users/register\",status_class=\"2xx\"} 1"))
        #expect(lines.contains("auction_http_request_duration_seconds_count{route=\"/users/login\"} 4"))
    }
}
