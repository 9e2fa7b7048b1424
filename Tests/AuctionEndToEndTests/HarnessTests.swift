import AuctionTestSupport
import Foundation
import Testing

@Suite struct HarnessTests {
    @Test func tmuxShowsWhatTheCommandPrintsAndTakesKeys() async throws {
        let session = try TmuxSession(command: "sh -c 'echo ready; read line; echo got:$line; sleep 30'", width: 60, height: 10)
        defer { session.close() }
        #expect(try await CLI.screen(session) { $0.contains("ready") }.1)
        try session.type("abc/é")
        try session.sendKeys("Enter")
        let (screen, matched) = try await CLI.screen(session) { $0.contains("got:abc/é") }
        #expect(matched, "screen was:\n\(screen)")
    }

    @Test func processRunnerCollectsOutputAndStatus() throws {
        let result = try ProcessRunner.run("/bin/sh", ["-c", "cat; echo err >&2; exit 3"], stdin: "in\n")
        #expect(result.status == 3)
        #expect(result.stdout == "in\n")
        #expect(result.stderr == "err\n")
    }

    @Test func builtExecutablesAreNextToTheTests() {
        #expect(FileManager.default.isExecutableFile(atPath: BuildProducts.executable("auction")))
        #expect(FileManager.default.isExecutableFile(atPath: BuildProducts.executable("auction-server")))
    }
}
