import AuctionTestSupport
import Foundation
import Testing

/// `auction watch` in a real terminal (tmux) and piped, against a real server.
@Suite(.serialized) struct CLIWatchEndToEndTests {
    /// A shell line that runs `auction <arguments>`, then proves the terminal is usable: it reports the
    /// exit status and echoes a line typed afterwards (which needs cooked mode back).
    static func watchCommand(_ arguments: String, environment: [String: String]) -> String {
        let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        return "env \(exports) HOME=/nonexistent/auction-e2e-home '\(CLI.auction)' \(arguments); echo \"exited=$?\"; read line; echo \"typed:$line\"; sleep 60"
    }

    /// The screen's product lines (rows that start with an id, after the selection marker), keyed by id.
    static func productLines(_ screen: String) -> [Int: String] {
        var lines: [Int: String] = [:]
        for line in screen.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "›" || $0 == "★" || $0 == "!" }
            guard let id = Int(trimmed.prefix { $0.isNumber }), trimmed.dropFirst(String(id).count).hasPrefix("  ") else { continue }
            lines[id] = String(line)
        }
        return lines
    }

    static func count(_ needle: String, in screen: String) -> Int {
        screen.components(separatedBy: needle).count - 1
    }

    @Test func aBidFromAnotherClientRewritesOnlyThatLineAndQRestoresTheTerminal() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try TmuxSession(command: Self.watchCommand("watch", environment: server.clientEnvironment), width: 100, height: 24)
        defer { tmux.close() }
        let (before, live) = try await CLI.screen(tmux) { $0.contains("connected ·") && Self.productLines($0).count == 20 }
        #expect(live, "screen:\n\(before)")

        let bid = try await CLI.run(["bid", "5", "9,000,000", "--yes"], environment: server.clientEnvironment)
        #expect(bid.status == 0, "bid: \(bid.stderr)")
        let (after, changed) = try await CLI.screen(tmux) { Self.productLines($0)[5]?.contains("9,000,000") == true }
        #expect(changed, "screen:\n\(after)")
        let old = Self.productLines(before), new = Self.productLines(after)
        // The time-left column (the last 9 cells) ticks on its own.
        for id in 1...20 where id != 5 {
            #expect(old[id]?.dropLast(9) == new[id]?.dropLast(9), "line \(id) changed:\n\(old[id] ?? "")\n\(new[id] ?? "")")
        }
        #expect(try await CLI.screen(tmux) { $0.contains("1 update ·") }.1)

        try tmux.sendKeys("q")
        let (exited, done) = try await CLI.screen(tmux) { $0.contains("exited=0") }
        #expect(done, "screen:\n\(exited)")
        #expect(Self.productLines(exited).isEmpty, "the alternate screen is gone")
        try tmux.type("still usable")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("typed:still usable") }.1, "cooked mode is back")
    }

    @Test func nextPageLoadsPageTwoAndItsChangesArrive() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try TmuxSession(command: Self.watchCommand("watch", environment: server.clientEnvironment), width: 100, height: 24)
        defer { tmux.close() }
        // 20 lots fill 24 rows: pages 1 and 2 are loaded at once; `n` shows 21–40, loading page 3.
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") && $0.contains("lots 1–20 of 67") }.1)
        try tmux.sendKeys("n")
        let (paged, loaded) = try await CLI.screen(tmux) { $0.contains("lots 21–40 of 67") && Self.productLines($0)[40] != nil }
        #expect(loaded, "screen:\n\(paged)")
        #expect(Self.productLines(paged)[1] == nil)
        let bid = try await CLI.run(["bid", "40", "8,765,000", "--yes"], environment: server.clientEnvironment)
        #expect(bid.status == 0, "bid: \(bid.stderr)")
        let (after, arrived) = try await CLI.screen(tmux) { Self.productLines($0)[40]?.contains("8,765,000") == true }
        #expect(arrived, "a page-3 change arrives once page 3 is loaded; screen:\n\(after)")
        try tmux.sendKeys("p")
        #expect(try await CLI.screen(tmux) { $0.contains("lots 1–20 of 67") && Self.productLines($0)[1] != nil }.1)
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func serverRestartShowsReconnectingThenTheTableIsLiveAgainWithoutDuplicates() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try TmuxSession(command: Self.watchCommand("watch", environment: server.clientEnvironment), width: 100, height: 24)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") }.1)

        server.stop()
        let (down, reconnecting) = try await CLI.screen(tmux) { $0.contains("reconnecting in") }
        #expect(reconnecting, "screen:\n\(down)")
        try await CLI.blocking { try server.restart() }
        let (up, connected) = try await CLI.screen(tmux) { $0.contains("connected ·") && !$0.contains("reconnecting") }
        #expect(connected, "screen:\n\(up)")

        let bid = try await CLI.run(["bid", "7", "7,777,000", "--yes"], environment: server.clientEnvironment)
        #expect(bid.status == 0, "bid: \(bid.stderr)")
        let (after, live) = try await CLI.screen(tmux) { Self.productLines($0)[7]?.contains("7,777,000") == true }
        #expect(live, "screen:\n\(after)")
        #expect(Self.productLines(after).count == 20)
        #expect(Self.count("ID  NAME", in: after) == 1)
        #expect(Self.count("auction watch ·", in: after) == 1)
        for id in 1...20 { #expect(Self.count("\(id)  ", in: after) >= 1) }
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func pipedWatchPrintsOneLinePerChange() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let watch = try ChildProcess(CLI.auction, ["watch", "--pages", "2"],
                                     environment: server.clientEnvironment.merging(["HOME": "/nonexistent/auction-e2e-home"]) { $1 })
        defer { watch.kill() }
        // Bids until the watcher has surely subscribed: the first lines may race its connection.
        var price = 5_000_000
        var seen = false
        let deadline = Date().addingTimeInterval(30)
        while !seen && Date() < deadline {
            price += 1_000
            _ = try await CLI.run(["bid", "3", String(price), "--yes"], environment: server.clientEnvironment)
            seen = await eventually(timeout: 0.5) { watch.stdout.contains("\t3\t") }
        }
        #expect(seen, "stdout: \(watch.stdout) stderr: \(watch.stderr)")
        _ = try await CLI.run(["bid", "18", "6,543,000", "--yes"], environment: server.clientEnvironment)
        // Lot 18's line at the new price, not the very last line: page 2's snapshot may be printed after the push.
        let isTheBid = { (line: Substring) in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count > 3 && fields[1] == "18" && fields[3] == "6543000"
        }
        #expect(await eventually { watch.stdout.split(separator: "\n").contains(where: isTheBid) }, "stdout: \(watch.stdout)")
        let lines = watch.stdout.split(separator: "\n")
        let last = lines.last(where: isTheBid).map { $0.split(separator: "\t").map(String.init) } ?? []
        #expect(last.count == 5)
        #expect(last.dropFirst().first == "18")
        #expect(last.dropFirst(3).first == "6543000", "no thousands separators in tab-separated output")
        #expect(last.first?.count == 8, "HH:MM:SS")
        // Five fields each (a lot of the snapshot that has not moved has an empty change field).
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 5 })
        #expect(!watch.stdout.contains("\u{1B}"), "no escape sequences when piped")
        watch.signal(SIGTERM)
        #expect(try await CLI.blocking { watch.waitForExit() } == 0, "SIGTERM stops it cleanly")
    }
}
