import AuctionServer
import AuctionTestSupport
import Testing

/// One `GET /metrics` of a started server's metrics listener: the page and its lines.
struct ScrapedMetrics {
    let text: String
    let lines: Set<String>

    /// Scrapes the metrics listener named in `addresses` (which must have one).
    static func scrape(_ addresses: ServerAddresses) async throws -> ScrapedMetrics {
        let port = try #require(addresses.metrics, "the server has no metrics listener").port
        let answer = try #require(await offPool { LoopbackHTTP.exchange(port: port, "GET", "/metrics") })
        #expect(answer.status == 200)
        return ScrapedMetrics(text: answer.body, lines: Set(answer.body.split(separator: "\n").map(String.init)))
    }
}
