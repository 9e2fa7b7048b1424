@testable import AuctionServer
import Foundation
import Testing

/// Issue 37: `auction-server` has a man page (`auction-server man`, `docs/auction-server.1`) and its
/// `--help` names the health endpoints and the metrics.
@Suite struct ServerManPageTests {
    @Test func thePageHasEveryOptionTheHealthEndpointsAndTheMetricsAndMatchesDocs() throws {
        let page = ServerManPage.text
        for setting in ServerOptions.settings where setting.key != "simulate" {
            #expect(page.contains(#"\fB"# + ServerManPage.escape(setting.flag) + #"\fR"#), "\(setting.flag)")
        }
        for text in ["/health/live", "/health/ready", "GET /metrics", "store_unreachable", "RestartPreventExitStatus=2"] {
            #expect(page.contains(text), "\(text)")
        }
        for heading in ["NAME", "SYNOPSIS", "OPTIONS", "HEALTH", "METRICS", "EXIT STATUS"] { #expect(page.contains(".SH \(heading)")) }
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/auction-server.1").standardized
        #expect(try String(contentsOf: docs, encoding: .utf8) == page, "docs/auction-server.1 is stale: run scripts/man-page")
    }

    @Test func helpNamesTheHealthEndpointsTheMetricsAndTheManPage() throws {
        let usage = ServerOptions.usage
        for text in ["/health/live", "/health/ready", "/metrics", "auction-server man"] { #expect(usage.contains(text), "\(text)") }
        #expect(try ServerOptions.parse(["man"], environment: [:], readFile: { _ in "" }) == .man)
    }
}
