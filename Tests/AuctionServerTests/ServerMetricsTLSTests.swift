import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 37: with `--tls-cert`, `/metrics` counts each TLS listener's handshakes (completed, failed
/// by reason, refused by bound, in progress) and their duration.
@Suite struct ServerMetricsTLSTests {
    @Test func handshakesAreCountedByListenerAndOutcome() async throws {
        let certificates = try ThrowawayCertificates()
        defer { certificates.remove() }
        let pair = try certificates.issue("server")
        let fixture = try ServerFixture(configure: { configuration in
            configuration.metricsPort = 0
            configuration.transport.certificateFile = pair.certificate
            configuration.transport.keyFile = pair.key
        })
        defer { fixture.stop() }
        let https = "https://127.0.0.1:\(fixture.addresses.http.port)/health"
        let secured = try await offPool { try ProcessRunner.run("/usr/bin/curl", ["-sS", "--max-time", "10", "--cacert", certificates.caFile, https]) }
        #expect(secured.status == 0, "\(secured.stderr)")
        let plain = "http://127.0.0.1:\(fixture.addresses.http.port)/health"
        _ = try await offPool { try ProcessRunner.run("/usr/bin/curl", ["-sS", "--max-time", "10", plain]) }
        let untrusted = try await offPool { try ProcessRunner.run("/usr/bin/curl", ["-sS", "--max-time", "10", https]) }
        #expect(untrusted.status != 0)  // the client gives up on the unknown CA: the server's handshake fails

        let metricsPort = fixture.addresses.metrics?.port ?? 0
        #expect(await eventually(timeout: 10) {  // the server counts an ending once it has seen the client go
            let text = LoopbackHTTP.exchange(port: metricsPort, "GET", "/metrics")?.body ?? ""
            return text.contains("auction_tls_handshakes_failed_total{listener=\"https\",reason=\"error\"} 1")
                && text.contains("auction_tls_handshakes_failed_total{listener=\"https\",reason=\"plaintext\"} 1")
        })
        let page = try await ScrapedMetrics.scrape(fixture.addresses)
        let lines = page.lines
        #expect(lines.contains("auction_tls_handshakes_completed_total{listener=\"https\"} 1"), "\(page.text)")
        #expect(lines.contains("auction_tls_handshakes_completed_total{listener=\"socket\"} 0"))
        #expect(lines.contains("auction_tls_handshakes_failed_total{listener=\"https\",reason=\"plaintext\"} 1"))
        #expect(lines.contains("auction_tls_handshakes_failed_total{listener=\"https\",reason=\"timeout\"} 0"))
        #expect(lines.contains("auction_tls_handshakes_refused_total{listener=\"https\",reason=\"address\"} 0"))
        #expect(lines.contains("auction_tls_handshakes_in_progress{listener=\"https\"} 0"))
        #expect(lines.contains("auction_tls_handshake_duration_seconds_count{listener=\"https\"} 1"))
        #expect(lines.contains("auction_tls_handshake_duration_seconds_bucket{listener=\"https\",le=\"+Inf\"} 1"))
        if let promtool = ServerMetricsProcessTests.promtool {  // the TLS families in the exposition format too
            let check = try await offPool { try ProcessRunner.run(promtool, ["check", "metrics"], stdin: page.text) }
            #expect(check.status == 0 && check.stdout.isEmpty && check.stderr.isEmpty, "promtool: \(check.stdout) \(check.stderr)")
        }
    }
}
