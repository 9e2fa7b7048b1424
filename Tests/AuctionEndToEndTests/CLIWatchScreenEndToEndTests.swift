import AuctionCore
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// The watch screen's keys and states in a real terminal (tmux) against a real server: ended
/// auctions, the time left, the bid prompt, scrolling, line mode on a dumb terminal, reconnecting,
/// the help, `--json`, and the demo's hint.
@Suite(.serialized) struct CLIWatchScreenEndToEndTests {
    static func lines(_ screen: String) -> [Int: String] { CLIWatchEndToEndTests.productLines(screen) }

    static func watch(_ arguments: String, _ server: AuctionServerProcess, environment: [String: String] = [:], width: Int = 100,
                      height: Int = 24) throws -> TmuxSession {
        let command = CLIWatchEndToEndTests.watchCommand(arguments, environment: server.clientEnvironment.merging(environment) { $1 })
        return try TmuxSession(command: command, width: width, height: height)
    }

    static func now() -> Timestamp {
        Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1000))
    }

    @Test func auctionsEndingWhileWatchedShowSoldOrEndedOnScreenAndAsPipedLines() async throws {
        // The server runs in this process on a manual clock: products 2 and 4 end in ten minutes of its
        // time (4 with its seeded bids only: the server states it sold, with no named winner), which
        // passes only when the test advances it, once both real watchers are connected.
        let directory = try TemporaryDirectory(prefix: "auction-cli-e2e")
        defer { directory.remove() }
        // Product 1 has under a minute left, so its time-left cell counts seconds (the client reads real time).
        let start = Self.now(), end = start.adding(milliseconds: 600_000)
        try CatalogueFixture.demo(at: directory.file("auction.sqlite"), now: start,
                                  endingAt: [2: end, 4: end, 1: start.adding(milliseconds: 50_000)])
        let clock = ManualClock(start)
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.allowAnonymousBids = true
        let server = AuctionHouseServer(configuration: configuration, log: ServerLog(level: .warning), clock: clock)
        let addresses = try server.start()
        defer { server.stop() }
        let serverEnvironment = ["AUCTION_HTTP": addresses.httpURL, "AUCTION_SOCKET": "\(addresses.socket)"]
        let alice = try await AccountEndToEndTests.register("alice", serverEnvironment: serverEnvironment, in: directory)
        let tmux = try TmuxSession(command: CLIWatchEndToEndTests.watchCommand(
            "watch", environment: serverEnvironment.merging(["NO_COLOR": ""]) { $1 }), width: 100, height: 24)
        defer { tmux.close() }
        let piped = try ChildProcess(CLI.auction, ["watch"], environment: serverEnvironment.merging(["HOME": "/nonexistent/auction-e2e-home"]) { $1 })
        defer { piped.kill() }

        let (live, connected) = try await CLI.screen(tmux) { $0.contains("connected ·") && $0.contains("LEFT") }
        #expect(connected, "screen:\n\(live)")
        // The piped watcher is connected once a bid's push reaches it.
        var price = 5_000_000
        var pipedLive = false
        for _ in 0..<100 where !pipedLive {
            price += 1_000
            _ = try await CLI.run(["bid", "3", String(price), "--yes"], environment: serverEnvironment)
            pipedLive = await eventually(timeout: 0.3) { piped.stdout.contains("\t3\t") }
        }
        #expect(pipedLive, "stdout: \(piped.stdout) stderr: \(piped.stderr)")
        // Alice (logged in) bids on product 2 before it ends: she wins it. Product 4 ends without a bid.
        let bid = try await alice.run(["bid", "2", "9,000,000", "--yes"])
        #expect(bid.status == 0, "bid: \(bid.stderr)")

        #expect(Self.lines(live)[1]?.hasSuffix(" s") == true, "under a minute the time left counts seconds: \(Self.lines(live)[1] ?? "")")
        let styled = try await CLI.blocking { try tmux.captureWithEscapes() }
        let first = styled.split(separator: "\n").first { $0.contains("빈티지") || $0.contains("Leica") } ?? ""
        #expect(first.contains("\u{1B}[31m"), "under a minute the time left is red: \(first.debugDescription)")

        clock.advance(milliseconds: 600_001)
        let (ended, shown) = try await CLI.screen(tmux) {
            Self.lines($0)[2]?.contains("SOLD · 9,000,000 · al…e") == true && Self.lines($0)[4].map { $0.contains("SOLD · ") && !$0.contains("…") } == true
        }
        #expect(shown, "screen:\n\(ended)")
        #expect(await eventually { piped.stdout.contains("\t2\t") && piped.stdout.contains("\t9000000\tSOLD · al…e") },
                "stdout: \(piped.stdout) stderr: \(piped.stderr)")
        #expect(await eventually { piped.stdout.split(separator: "\n").contains { $0.contains("\t4\t") && $0.hasSuffix("\tSOLD") } },
                "stdout: \(piped.stdout) stderr: \(piped.stderr)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func bOpensAPromptWithTheMinimumBidAndEnterBids() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch("watch", server)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") && Self.lines($0).count == 20 }.1)
        try tmux.sendKeys("j")
        let (selected, moved) = try await CLI.screen(tmux) { $0.contains("› 2 ") && $0.contains("next bid") }
        #expect(moved, "screen:\n\(selected)")
        try tmux.sendKeys("b")
        let (prompt, opened) = try await CLI.screen(tmux) { $0.contains("bid on 2 ") && $0.contains("Enter bid · Esc cancel") }
        #expect(opened, "screen:\n\(prompt)")
        try tmux.type("9000000")
        try tmux.sendKeys("Enter")
        // Far above the price: the fat-finger guard asks in the status line, as `auction bid` does.
        let (question, asked) = try await CLI.screen(tmux) { $0.contains("your bid 9,000,000 is") && $0.contains("Bid anyway? [y/N]") }
        #expect(asked, "screen:\n\(question)")
        try tmux.type("y")
        let (after, answered) = try await CLI.screen(tmux) { $0.contains("accepted: you lead product 2 at 9,000,000") }
        #expect(answered, "screen:\n\(after)")
        #expect(try await CLI.screen(tmux) { Self.lines($0)[2]?.contains("9,000,000") == true }.1)
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func aBidFromTheWatchGoesWithTheSavedLogin() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let userID = try #require(alice.savedLogin()["user_id"] as? Int)
        let tmux = try Self.watch("watch", server, environment: ["XDG_CONFIG_HOME": alice.config])
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") && Self.lines($0).count == 20 }.1)
        try tmux.sendKeys("b")
        #expect(try await CLI.screen(tmux) { $0.contains("bid on 1 ") }.1)
        try tmux.type("8800000")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("Bid anyway? [y/N]") }.1)
        try tmux.type("y")
        let (after, answered) = try await CLI.screen(tmux) { $0.contains("accepted: you lead product 1 at 8,800,000") }
        #expect(answered, "screen:\n\(after)")
        let stored = try AccountEndToEndTests.storedBids(server.databasePath)
        #expect(stored.last?.product == 1 && stored.last?.user == Int64(userID), "recorded for alice: \(stored)")
        let database = try SQLiteDatabase(path: server.databasePath, options: [.readOnly])
        defer { database.close() }
        let key = try database.query("SELECT idempotency_key FROM bids ORDER BY id DESC LIMIT 1") { $0.optionalText(0) }.first ?? nil
        #expect(key?.count == 32, "the watch's bid carries a fresh idempotency key, as `auction bid`'s does: \(String(describing: key))")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func withoutALoginTheWatchSaysHowToLogIn() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch("watch", server)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") }.1)
        try tmux.sendKeys("b")
        #expect(try await CLI.screen(tmux) { $0.contains("bid on 1 ") }.1)
        try tmux.sendKeys("Enter")
        let (after, told) = try await CLI.screen(tmux) { $0.contains("bidding needs a login") }
        #expect(told, "screen:\n\(after)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func aTenRowTerminalScrollsToProductFifteen() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch("watch", server, height: 10)
        defer { tmux.close() }
        let (first, live) = try await CLI.screen(tmux) { $0.contains("connected ·") && $0.contains("lots 1–6 of 67") }
        #expect(live, "screen:\n\(first)")
        #expect(Self.lines(first)[15] == nil)
        for _ in 0..<14 { try tmux.sendKeys("Down") }
        let (bottom, reached) = try await CLI.screen(tmux) { Self.lines($0)[15] != nil && $0.contains("› 15 ") }
        #expect(reached, "screen:\n\(bottom)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func aDumbTerminalGetsLinesNotTheFullScreen() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch("watch", server, environment: ["TERM": "dumb"])
        defer { tmux.close() }
        var price = 5_000_000
        var seen = false
        let deadline = Date().addingTimeInterval(30)
        while !seen && Date() < deadline {
            price += 1_000
            _ = try await CLI.run(["bid", "3", String(price), "--yes"], environment: server.clientEnvironment)
            seen = try await CLI.screen(tmux, timeout: 0.5) { $0.contains("\t3\t") || $0.contains(" 3 ") && $0.contains(String(price)) }.1
        }
        let screen = try await CLI.blocking { try tmux.capture() }
        #expect(seen, "screen:\n\(screen)")
        #expect(!screen.contains("ID  NAME"), "no table header in line mode")
        try tmux.sendKeys("C-c")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=") }.1)
    }

    @Test func reconnectingCountsDownShowsStalePricesAndRReconnectsNow() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch("watch", server, environment: ["NO_COLOR": ""])
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") }.1)
        server.stop()
        let (down, counting) = try await CLI.screen(tmux) { $0.contains("reconnecting in") && $0.contains("(r: now)") }
        #expect(counting, "screen:\n\(down)")
        #expect(down.contains("stale since "), "screen:\n\(down)")
        let styled = try await CLI.blocking { try tmux.captureWithEscapes() }
        let line = styled.split(separator: "\n").first { $0.contains("Sony Walkman") } ?? ""
        #expect(line.contains("\u{1B}[2m"), "prices are dimmed while stale: \(line.debugDescription)")
        try await CLI.blocking { try server.restart() }
        try tmux.sendKeys("r")
        let (up, back) = try await CLI.screen(tmux) { $0.contains("connected ·") && !$0.contains("stale since") }
        #expect(back, "screen:\n\(up)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func questionMarkListsTheKeys() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch("watch", server)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") && $0.contains("? keys") }.1)
        try tmux.type("?")
        let (help, shown) = try await CLI.screen(tmux) { $0.contains("bid on the selected line") }
        #expect(shown, "screen:\n\(help)")
        #expect(Self.lines(help).isEmpty)
        try tmux.sendKeys("Space")
        #expect(try await CLI.screen(tmux) { Self.lines($0).count == 20 }.1)
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func jsonStartsWithASnapshotOfTheIdsWatched() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let watch = try ChildProcess(CLI.auction, ["watch", "--ids", "16,17", "--json"],
                                     environment: server.clientEnvironment.merging(["HOME": "/nonexistent/auction-e2e-home"]) { $1 })
        defer { watch.kill() }
        #expect(await eventually { watch.stdout.contains("\n") }, "stderr: \(watch.stderr)")
        let first = watch.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("{\"event\":\"snapshot\""))
        #expect(first.contains("\"id\":16") && first.contains("\"id\":17"))
        #expect(!first.contains("\\u002f"))
        watch.signal(SIGTERM)
        #expect(try await CLI.blocking { watch.waitForExit() } == 0)
    }
}
