import AuctionCore
import AuctionTestSupport
import Foundation
import Testing

/// Issue 24, as a new user met the client: the demo's hint, proxy bids typed as `--max N`, the real
/// increment, live lines that stay true, keys on a dumb terminal and passwords — the real `auction`
/// binary against the real server on loopback, views read from tmux.
@Suite struct CLINewUserEndToEndTests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The current price of product `id`, from `auction show --json`.
    static func price(_ id: Int, _ environment: [String: String]) async throws -> Int64 {
        let show = try await CLI.run(["show", String(id), "--json"], environment: environment)
        return Int64(json(show.stdout)["price"] as? Int ?? 0)
    }

    /// The increment table's step at `price` (the demo catalogue's product 1 and 2 have no own minimum raise).
    static func increment(_ price: Int64) -> Int64 { IncrementTable.standard.increment(at: Money(price)).minorUnits }

    @Test func theDemoHintIsACommandThatWorksAsPrintedAndLeavesWithTheDemo() async throws {
        let temporary = try TemporaryDirectory(prefix: "auction-demo-e2e")
        defer { temporary.remove() }
        let command = "HOME=/nonexistent/auction-e2e-home TMPDIR='\(temporary.path)' '\(CLI.auction)' demo; echo \"exited=$?\"; sleep 60"
        let tmux = try TmuxSession(command: command, width: 80, height: 24)
        defer { tmux.close() }
        let (screen, shown) = try await CLI.screen(tmux) { $0.contains("in a shell: auction --http ") && $0.contains("bid 5 --min") }
        #expect(shown, "screen:\n\(screen)")
        #expect(screen.contains("lots 1–19 of "), "the title says where the screen is, from the server's count:\n\(screen)")
        let hint = screen.split(separator: "\n").first { $0.contains("in a shell: ") }.map(String.init) ?? ""
        let words = hint.components(separatedBy: "in a shell: auction ").last?.split(separator: " ").map(String.init) ?? []
        let bid = try await CLI.run(words)
        #expect(bid.status == 0, "`auction \(words.joined(separator: " "))` as printed: \(bid.stdout) \(bid.stderr)")
        #expect(bid.stdout.contains("accepted: you lead product 5 at "), "\(bid.stdout)")
        try tmux.sendKeys("q")
        let (after, exited) = try await CLI.screen(tmux) { $0.contains("exited=0") }
        #expect(exited, "screen:\n\(after)")
        #expect(!after.contains("in a shell:"), "the hint leaves with the demo:\n\(after)")
    }

    @Test func bidWithOnlyAMaximumBidsTheNextBidNowAndSaysSoInOneLine() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let before = try await Self.price(2, server.clientEnvironment)
        let maximum = before + before / 10
        let bid = try await alice.run(["bid", "2", "--max", String(maximum)])
        #expect(bid.status == 0, "\(bid.stderr)")
        let next = before + Self.increment(before)
        let lines = bid.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(bid.stdout)")
        #expect(bid.stdout.contains("you lead product 2 at \(Money(next))") && bid.stdout.contains("your maximum \(Money(maximum)) stays secret"),
                "\(bid.stdout)")
        #expect(try await Self.price(2, server.clientEnvironment) == next)
    }

    @Test func theIncrementShownAndBidByMinIsTheIncrementTables() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let before = try await Self.price(1, server.clientEnvironment)
        let step = Self.increment(before)
        let show = try await CLI.run(["show", "1"], environment: server.clientEnvironment)
        #expect(show.stdout.contains("Next bid") && show.stdout.contains("\(Money(before + step)) or more"), "\(show.stdout)")
        let tmux = try CLIWatchScreenEndToEndTests.watch("watch", server)
        defer { tmux.close() }
        let (screen, live) = try await CLI.screen(tmux) { $0.contains("connected ·") && $0.contains("next bid") }
        #expect(live, "screen:\n\(screen)")
        #expect(screen.contains("next bid \(Money(before + step))"), "screen:\n\(screen)")
        try tmux.sendKeys("b")
        #expect(try await CLI.screen(tmux) { $0.contains("bid on 1 (min \(Money(before + step)))") }.1)
        try tmux.sendKeys("Escape")
        let bid = try await CLI.run(["bid", "1", "--min"], environment: server.clientEnvironment)
        #expect(bid.status == 0 && bid.stdout.contains("at \(Money(before + step))"), "\(bid.stdout) \(bid.stderr)")
        // The line under the table follows the price at once: never the next bid of a price already passed.
        let after = before + step, next = after + Self.increment(after)
        let (moved, followed) = try await CLI.screen(tmux) { CLIWatchScreenEndToEndTests.lines($0)[1]?.contains(Money(after).description) == true }
        #expect(followed, "screen:\n\(moved)")
        #expect(moved.contains("next bid \(Money(next))"), "the same screen as the new price:\n\(moved)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func theWatchMarksTheLotsYouLeadAndThoseWhereYouAreOutbid() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        let price = try await Self.price(4, server.clientEnvironment)
        #expect(try await alice.run(["bid", "4", "--min"]).status == 0)
        let tmux = try CLIWatchScreenEndToEndTests.watch("watch", server, environment: ["XDG_CONFIG_HOME": alice.config])
        defer { tmux.close() }
        let (leading, marked) = try await CLI.screen(tmux) { CLIWatchScreenEndToEndTests.lines($0)[4]?.prefix(2).contains("★") == true }
        #expect(marked, "screen:\n\(leading)")
        let higher = price + 10 * Self.increment(price)
        #expect(try await bob.run(["bid", "4", String(higher), "--yes"]).status == 0)
        let (outbid, shown) = try await CLI.screen(tmux) { CLIWatchScreenEndToEndTests.lines($0)[4]?.prefix(2).contains("!") == true }
        #expect(shown, "screen:\n\(outbid)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func aFailureToReachTheServerLeavesTheStatusLineOnceConnectedAgain() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try CLIWatchScreenEndToEndTests.watch("watch", server, environment: ["NO_COLOR": "", "AUCTION_TIMEOUT": "2"])
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") }.1)
        server.stop()
        #expect(try await CLI.screen(tmux) { $0.contains("reconnecting") }.1)
        try tmux.sendKeys("b")
        try tmux.sendKeys("Enter")
        let (failed, told) = try await CLI.screen(tmux) { $0.contains("bid failed: cannot reach") }
        #expect(told, "screen:\n\(failed)")
        #expect(!failed.contains("auction demo"), "not the default address: no demo suggestion:\n\(failed)")
        try await CLI.blocking { try server.restart() }
        try tmux.sendKeys("r")
        let (up, cleared) = try await CLI.screen(tmux) { $0.contains("connected ·") && !$0.contains("bid failed") && !$0.contains("reconnecting") }
        #expect(cleared, "screen:\n\(up)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func theDemoIsSuggestedOnlyOnTheDefaultAddress() async throws {
        let elsewhere = try await CLI.run(["list"], environment: ["AUCTION_HTTP": "http://127.0.0.1:1", "AUCTION_SOCKET": "127.0.0.1:1"])
        #expect(elsewhere.status == 3 && elsewhere.stderr.contains("cannot reach 127.0.0.1:1"), "\(elsewhere.stderr)")
        #expect(!elsewhere.stderr.contains("auction demo"), "\(elsewhere.stderr)")
    }

    @Test func qQuitsTheWatchOnADumbTerminalAndTheSnapshotComesFirst() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try CLIWatchScreenEndToEndTests.watch("watch", server, environment: ["TERM": "dumb"], height: 30)
        defer { tmux.close() }
        // One line a lot before any change: the snapshot.
        let (screen, listed) = try await CLI.screen(tmux) { screen in (1...15).allSatisfy { screen.contains("\t\($0)\t") || screen.contains(" \($0) ") } }
        #expect(listed, "screen:\n\(screen)")
        try tmux.sendKeys("q")
        let (after, quit) = try await CLI.screen(tmux, timeout: 10) { $0.contains("exited=0") }
        #expect(quit, "q quits on a dumb terminal:\n\(after)")
    }

    @Test func aShortPasswordIsRefusedBeforeItIsAskedAgainAndRefusalsAreRefusals() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let config = directory.file("config-carol")
        let command = CLIWatchEndToEndTests.watchCommand("register carol", environment: server.clientEnvironment.merging(["XDG_CONFIG_HOME": config]) { $1 })
        let tmux = try TmuxSession(command: command)
        defer { tmux.close() }
        #expect(try await CLI.screen(tmux) { $0.contains("Password:") }.1)
        try tmux.type("short")
        try tmux.sendKeys("Enter")
        let (screen, refused) = try await CLI.screen(tmux) { $0.contains("exited=") }
        #expect(refused, "screen:\n\(screen)")
        #expect(screen.contains("at least 8 characters") && !screen.contains("Repeat the password"), "screen:\n\(screen)")
        let piped = try await CLI.run(["register", "carol", "--password-stdin"],
                                      environment: server.clientEnvironment.merging(["XDG_CONFIG_HOME": config]) { $1 }, stdin: "short\n")
        #expect(piped.status == 1, "\(piped.stderr)")
        #expect(piped.stderr.contains("refused: ") && !piped.stderr.contains("the server failed"), "\(piped.stderr)")
    }
}
