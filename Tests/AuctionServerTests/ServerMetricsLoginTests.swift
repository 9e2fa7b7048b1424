import AuctionCore
import AuctionData
import AuctionServer
import Testing

/// Issue 22, metrics: logins (`POST /users/login`) are counted by outcome, and each request by its
/// registered route and status class.
@Suite struct ServerMetricsLoginTests {
    @Test func loginsAreCountedOkFailedAndRateLimited() async throws {
        let running = try await ServerImageTests.Running.start {
            $0.accounts.failedLoginsPerAddress = .perHour(2)
            $0.metricsPort = 0
        }
        defer { running.stop() }
        let ok = try await running.http.post("/users/login", json: AccountDTO.credentialsBody(name: "seller", password: "correct horse"))
        #expect(ok.status.code == 200)
        var statuses: [Int] = []
        for _ in 0..<3 {
            statuses.append(try await running.http.post("/users/login", json: AccountDTO.credentialsBody(name: "seller", password: "wrong")).status.code)
        }
        #expect(statuses == [401, 401, 429])

        let page = try await ScrapedMetrics.scrape(running.addresses)
        #expect(page.lines.contains("auction_logins_total{outcome=\"ok\"} 1"), "\(page.text)")
        #expect(page.lines.contains("auction_logins_total{outcome=\"failed\"} 2"))
        #expect(page.lines.contains("auction_logins_total{outcome=\"rate_limited\"} 1"))
        #expect(page.lines.contains("auction_http_requests_total{route=\"/users/login\",status_class=\"4xx\"} 3"))
        #expect(page.lines.contains("auction_http_requests_total{route=\"/users/register\",status_class=\"2xx\"} 1"))
        #expect(page.lines.contains("auction_http_request_duration_seconds_count{route=\"/users/login\"} 4"))
    }
}
