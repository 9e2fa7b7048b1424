import AuctionCore
import AuctionLotLog
import AuctionTestSupport
import Foundation
import Testing

/// `scripts/verify-log --base URL LOT` reads a log over HTTP page by page, as `auction verify` does.
@Suite struct VerifyLogScriptHTTPTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/verify-log").path

    @Test func followsThePagesAndNamesATamperedEntry() async throws {
        // Given a lot served in pages of two entries
        let log = LotLogFixture.busyLot(bids: 5, bidders: [.nobody])
        let server = try LotLogFakeServer(lot: log.lot, pages: log.pages(pageSize: 2), keys: log.keysJSON())
        defer { server.stop() }
        // When the script reads it, then it verifies every entry
        let url = server.url
        let honest = try await offPool { try ProcessRunner.run("/usr/bin/env", ["python3", Self.script, "--base", url, "5"], timeout: 120) }
        #expect(honest.status == 0, "\(honest.stdout)\(honest.stderr)")
        #expect(honest.stdout == "verified: 7 entries, head \(Hex.encode(log.lastHash).prefix(8))…\n")
        // And a page with an entry changed is named
        var entries = log.served
        entries[4].bytes[entries[4].bytes.count - 2] ^= 1  // the automatic flag
        server.pages.withLock { $0 = log.pages(entries, pageSize: 2) }
        let tampered = try await offPool { try ProcessRunner.run("/usr/bin/env", ["python3", Self.script, "--base", url, "5"], timeout: 120) }
        #expect(tampered.status == 1)
        #expect(tampered.stdout == "verification failed at entry 5: the hash does not follow the entry before it\n")
    }
}
