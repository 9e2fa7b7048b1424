import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 22, metrics: `GET /metrics` has its own listener (`--metrics-port`, loopback unless
/// `--metrics-host`), off by default, never on the public HTTP port; the route label is bounded.
@Suite struct ServerMetricsListenerTests {
    @Test func metricsAreOffUnlessAPortIsSet() async throws {
        #expect(ServerConfiguration().metricsPort == nil)
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3))
        defer { fixture.stop() }
        #expect(fixture.addresses.metrics == nil)
        #expect(!fixture.addresses.description.contains("metrics="))
        let answer = await offPool { LoopbackHTTP.exchange(port: fixture.addresses.http.port, "GET", "/metrics") }
        #expect(answer?.status == 404, "\(answer.debugDescription)")
    }

    @Test func theMetricsListenerServesThePageAndThePublicPortDoesNot() async throws {
        let fixture = try ServerBidTests.serverWithUsers(listings: ServerFixture.listings(count: 3)) { $0.metricsPort = 0 }
        defer { fixture.stop() }
        let metrics = try #require(fixture.addresses.metrics)
        #expect(metrics.description.hasPrefix("127.0.0.1:"))
        #expect(fixture.addresses.description.hasSuffix(" metrics=\(metrics)"))
        let client = try fixture.client()
        defer { client.close() }
        #expect(try await client.request(.login(token: "token-alice")).result)
        #expect(try await client.bid(1, 20_000).result)
        #expect(try await client.bid(1, 20_000).reason == .priceTooLow)
        let httpPort = fixture.addresses.http.port
        let history = await offPool { LoopbackHTTP.exchange(port: httpPort, "GET", "/products/2/bids") }
        #expect(history?.status == 200, "\(history.debugDescription)")
        _ = await offPool { LoopbackHTTP.exchange(port: httpPort, "GET", "/no/such/path-\(UUID().uuidString)") }

        let page = try await ScrapedMetrics.scrape(fixture.addresses)
        let lines = page.lines
        #expect(lines.contains("auction_bids_accepted_total 1"), "\(page.text)")
        #expect(lines.contains("auction_bids_refused_total{reason=\"price_too_low\"} 1"))
        #expect(lines.contains("auction_socket_connections{dialect=\"hello\"} 1"))
        #expect(lines.contains("auction_bid_latency_seconds_count 1"))
        #expect(lines.contains("auction_http_requests_total{route=\"/products/{id}/bids\",status_class=\"2xx\"} 1"))
        #expect(lines.contains("auction_http_requests_total{route=\"unmatched\",status_class=\"4xx\"} 1"))
        #expect(!page.text.contains("no/such/path"), "a raw path became a label value")
        #expect(lines.contains("auction_ledger_batch_size_count 1"))
        let publicAnswer = await offPool { LoopbackHTTP.exchange(port: httpPort, "GET", "/metrics") }
        #expect(publicAnswer?.status == 404, "\(publicAnswer.debugDescription)")
        let other = await offPool { LoopbackHTTP.exchange(port: metrics.port, "GET", "/products/2") }
        #expect(other?.status == 404, "the metrics listener serves only /metrics")
    }

    @Test func droppedConnectionsAreCountedByCause() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), configure: { configuration in
            configuration.metricsPort = 0
            configuration.limits.maximumFrameBytes = 1_024
            configuration.limits.maximumConnections = 1
        })
        defer { fixture.stop() }
        let metrics = try #require(fixture.addresses.metrics)
        let oversized = try RawSocket(port: fixture.socketPort)
        defer { oversized.close() }
        #expect(await oversized.sayHello())
        oversized.send(#"{"dataType":10,"completionId":1,"data":{"pad":""# + String(repeating: "x", count: 4_000))
        #expect(await oversized.readToEnd().1)
        // The slot is free once the server has seen the close; a second connection then fills it, a third is refused.
        @Sendable func page() -> String { LoopbackHTTP.exchange(port: metrics.port, "GET", "/metrics")?.body ?? "" }
        #expect(await eventually(timeout: 10) { page().contains("auction_socket_connections{dialect=\"hello\"} 0") })
        let holder = try RawSocket(port: fixture.socketPort)
        defer { holder.close() }
        #expect(await holder.sayHello())
        let refused = try RawSocket(port: fixture.socketPort)
        defer { refused.close() }
        #expect(await refused.readToEnd().1)
        let text = await offPool { page() }
        #expect(text.contains("auction_socket_connections_dropped_total{cause=\"malformed\"} 1"), "\(text)")
        #expect(text.contains("auction_socket_connections_dropped_total{cause=\"limit\"} 1"))
        #expect(text.contains("auction_socket_connections_dropped_total{cause=\"write_deadline\"} 0"))
        #expect(!text.contains("auction_socket_bytes_written_total 0\n"))
    }

    @Test func optionsSetThePortAndHost() throws {
        let flags = try ServerOptionsTests.parse(["--metrics-port", "0", "--metrics-host", "::1"])
        #expect(flags.metricsPort == 0 && flags.metricsHost == "::1")
        let environment = try ServerOptionsTests.parse([], environment: ["AUCTION_SERVER_METRICS_PORT": "9464"])
        #expect(environment.metricsPort == 9_464 && environment.metricsHost == "127.0.0.1")
        let file = try ServerOptionsTests.parse(["--config", "f"], files: ["f": "metrics_port = 9100\n"])
        #expect(file.metricsPort == 9_100)
        #expect(throws: ServerOptionsError.self) { try ServerOptionsTests.parse(["--metrics-port", "70000"]) }
        #expect(ServerOptions.usage.contains("--metrics-port") && ServerOptions.usage.contains("--metrics-host"))
    }
}
