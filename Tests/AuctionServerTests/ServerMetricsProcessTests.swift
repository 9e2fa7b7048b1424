import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 37, defect 7: the page lacked what every exporter has. It now carries `process_*` (CPU,
/// resident memory, open and most descriptors, start time) and `auction_build_info{version}`, and
/// `promtool check metrics` (Debian's `prometheus` package; scripts/ensure-tools installs it) accepts it.
@Suite struct ServerMetricsProcessTests {
    static let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func thePageHasTheProcessFamiliesAndTheBuildInfo() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), configure: { $0.metricsPort = 0 })
        defer { fixture.stop() }
        let page = try await ScrapedMetrics.scrape(fixture.addresses)
        let buildInfo = "auction_build_info{version=\"\(ServerVersion.current)\"} 1"
        let hasBuildInfo = page.lines.contains(buildInfo)
        #expect(hasBuildInfo, "no \(buildInfo)")
        for family in ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_max_fds",
                       "process_start_time_seconds"] {
            let type = "# TYPE \(family) \(family.hasSuffix("_total") ? "counter" : "gauge")"
            let hasType = page.lines.contains(type)
            #expect(hasType, "no \(type)")
        }
        let values = Dictionary(page.lines.compactMap { line -> (String, Double)? in
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts[0].hasPrefix("process_"), let value = Double(parts[1]) else { return nil }
            return (String(parts[0]), value)
        }, uniquingKeysWith: { first, _ in first })
        // The test process is the server's: its figures are this process's.
        let started = try #require(values["process_start_time_seconds"])
        #expect(started <= Date().timeIntervalSince1970 && started > Date().timeIntervalSince1970 - 86_400 * 30)
        #expect((values["process_resident_memory_bytes"] ?? 0) > Double(1 << 20))
        let open = try #require(values["process_open_fds"]), maximum = try #require(values["process_max_fds"])
        #expect(open >= 3 && open < maximum, "\(open) of \(maximum)")
        #expect((values["process_cpu_seconds_total"] ?? -1) >= 0)
    }

    @Test(.enabled(if: promtool != nil, "needs promtool (Debian's prometheus package; scripts/ensure-tools installs it)"))
    func promtoolAcceptsThePage() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3), configure: { $0.metricsPort = 0 })
        defer { fixture.stop() }
        let page = try await ScrapedMetrics.scrape(fixture.addresses)
        let check = try await offPool { try ProcessRunner.run(Self.promtool ?? "promtool", ["check", "metrics"], stdin: page.text) }
        #expect(check.status == 0 && check.stdout.isEmpty && check.stderr.isEmpty, "promtool: \(check.status) \(check.stdout) \(check.stderr)")
    }
}
