import AuctionCore
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// `auction mine`, `auction watchlist` and `watch --watchlist` with the real binary against real
/// servers (accounts on, real SQLite files), and against a double of the original backend.
@Suite(.serialized) struct CLIMineEndToEndTests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The ids of a `list`-style table (after its header).
    static func listedIDs(_ table: String) -> [String] {
        table.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func mineShowsLeadingOutbidWonAndLostAsATableAndAsJSON() async throws {
        // The server runs in this process on a manual clock: 2 and 3 end in ten minutes of its time.
        let directory = try TemporaryDirectory(prefix: "auction-cli-e2e")
        defer { directory.remove() }
        let start = CLIWatchScreenEndToEndTests.now()
        let path = directory.file("auction.sqlite")
        try CatalogueFixture.demo(at: path, now: start, endingAt: [
            1: start.adding(milliseconds: 3_600_000), 2: start.adding(milliseconds: 600_000),
            3: start.adding(milliseconds: 600_000), 4: start.adding(milliseconds: 1_200_000),
        ])
        let clock = ManualClock(start)
        let server = AuctionHouseServer(configuration: .ephemeral(databasePath: path), log: ServerLog(level: .warning), clock: clock)
        let addresses = try server.start()
        defer { server.stop() }
        let environment = ["AUCTION_HTTP": addresses.httpURL, "AUCTION_SOCKET": "\(addresses.socket)"]
        let alice = try await AccountEndToEndTests.register("alice", serverEnvironment: environment, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", serverEnvironment: environment, in: directory)
        for (user, id, price) in [(alice, 1, "9,000,000"), (bob, 1, "9,500,000"), (alice, 2, "9,000,000"),
                                  (alice, 3, "9,000,000"), (bob, 3, "9,500,000"), (alice, 4, "9,000,000")] {
            let bid = try await user.run(["bid", String(id), price, "--yes"])
            #expect(bid.status == 0, "\(user.name) bid \(id): \(bid.stderr)")
        }
        clock.advance(milliseconds: 600_001)
        let closed = await eventually {
            let database = try? SQLiteDatabase(path: path, options: [.readOnly])
            defer { database?.close() }
            return (try? database?.scalarInteger("SELECT COUNT(*) FROM products WHERE id IN (2, 3) AND closed_at IS NOT NULL")) == 2
        }
        #expect(closed)

        let json = try await alice.run(["mine", "--json"])
        #expect(json.status == 0, "stderr: \(json.stderr)")
        let rows = Self.json(json.stdout)["bids"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["product_id"] as? Int } == [4, 1, 2, 3], "stdout: \(json.stdout)")
        #expect(rows.compactMap { $0["status"] as? String } == ["leading", "outbid", "won", "lost"])
        #expect(rows.compactMap { $0["my_highest"] as? Int } == [9_000_000, 9_000_000, 9_000_000, 9_000_000])
        #expect(rows.compactMap { $0["current_price"] as? Int } == [9_000_000, 9_500_000, 9_000_000, 9_500_000])
        #expect(rows.allSatisfy { $0["my_maximum"] is NSNull })

        let table = try await alice.run(["mine"])
        #expect(table.status == 0, "stderr: \(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("MY HIGHEST") == true && lines.first?.contains("STATUS") == true, "stdout: \(table.stdout)")
        #expect(lines.count == 5)
        #expect(lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["4", "1", "2", "3"])
        #expect(lines[1].contains("9,000,000") && lines[1].contains("leading") && lines[1].contains("m "), "time left: \(lines[1])")
        #expect(lines[3].contains(" won ") && lines[3].hasSuffix("ended"))
        #expect(lines[4].contains(" lost ") && lines[2].contains(" outbid "))

        let bobs = try await bob.run(["mine", "--json"])
        #expect((Self.json(bobs.stdout)["bids"] as? [[String: Any]])?.compactMap { $0["status"] as? String } == ["leading", "won"])
    }

    @Test func mineAndTheWatchlistWithoutALoginSayHowToLogIn() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        for arguments in [["mine"], ["watchlist", "list"], ["watchlist", "add", "3"], ["watch", "--watchlist"]] {
            let result = try await CLI.run(arguments, environment: server.clientEnvironment)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("needs a login: run `auction login <name>`"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func watchlistAddsRemovesAndListsAndRefusesAnUnknownID() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)

        let empty = try await alice.run(["watchlist", "list"])
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.contains("your watchlist is empty"))
        for id in ["3", "5", "3"] {
            let added = try await alice.run(["watchlist", "add", id])
            #expect(added.status == 0 && added.stdout == "product \(id) is on your watchlist\n", "stderr: \(added.stderr)")
        }
        #expect(Self.listedIDs(try await alice.run(["watchlist", "list"]).stdout) == ["3", "5"])
        #expect(try await alice.run(["watchlist", "list", "--json"]).stdout == "{\"product_ids\":[3,5]}\n")

        let unknown = try await alice.run(["watchlist", "add", "99999"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "auction: no product 99999\n")
        let removed = try await alice.run(["watchlist", "remove", "3"])
        #expect(removed.status == 0 && removed.stdout == "product 3 is not on your watchlist\n")
        #expect(Self.listedIDs(try await alice.run(["watchlist", "list"]).stdout) == ["5"])

        let missing = try await alice.run(["watchlist", "add"])
        #expect(missing.status == 2 && missing.stderr.contains("`watchlist add` needs <id>"), "stderr: \(missing.stderr)")
        let wrong = try await alice.run(["watchlist", "add", "x"])
        #expect(wrong.status == 2, "stderr: \(wrong.stderr)")
    }

    @Test func watchWatchlistStreamsExactlyTheListedProducts() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        for id in ["5", "3"] { #expect(try await alice.run(["watchlist", "add", id]).status == 0) }

        let watch = try ChildProcess(CLI.auction, ["watch", "--watchlist", "--json"], environment: alice.environment.merging(["NO_COLOR": ""]) { $1 })
        defer { watch.kill() }
        #expect(await eventually { watch.stdout.contains("\"event\":\"snapshot\"") }, "stderr: \(watch.stderr)")
        let snapshot = Self.json(String(watch.stdout.split(separator: "\n").first ?? ""))
        let shown = (snapshot["products"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(shown == [5, 3], "exactly the watchlist, in its order: \(watch.stdout)")

        // Bob bids until the watcher's subscription is surely in place (the first bids may race it).
        var price = 5_000_000
        var live = false
        for _ in 0..<60 where !live {
            price += 10_000
            _ = try await bob.run(["bid", "3", String(price), "--yes"])
            live = await eventually(timeout: 0.5) { watch.stdout.contains("\"event\":\"price\"") && watch.stdout.contains("\"id\":3") }
        }
        #expect(live, "stdout: \(watch.stdout) stderr: \(watch.stderr)")
        // A change on 4 (not listed) goes first; once 5's arrives, 4's would have too had it been sent.
        #expect(try await bob.run(["bid", "4", "6,000,000", "--yes"]).status == 0)
        #expect(try await bob.run(["bid", "5", "6,000,000", "--yes"]).status == 0)
        #expect(await eventually { watch.stdout.contains("\"id\":5,") && watch.stdout.contains("6000000") }, "stdout: \(watch.stdout)")
        let ids = watch.stdout.split(separator: "\n").dropFirst().compactMap { Self.json(String($0))["id"] as? Int }
        #expect(Set(ids) == [3, 5], "stdout: \(watch.stdout)")
        watch.signal(SIGTERM)
        #expect(try await CLI.blocking { watch.waitForExit() } == 0)
    }

    @Test func watchWatchlistOnATerminalShowsOnlyTheListedRowsAndTheirChanges() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        for id in ["7", "2"] { #expect(try await alice.run(["watchlist", "add", id]).status == 0) }
        let tmux = try TmuxSession(command: CLIWatchEndToEndTests.watchCommand(
            "watch --watchlist", environment: alice.environment.merging(["NO_COLOR": ""]) { $1 }), width: 100, height: 24)
        defer { tmux.close() }

        let (screen, connected) = try await CLI.screen(tmux) { $0.contains("connected ·") }
        #expect(connected, "screen:\n\(screen)")
        #expect(Set(CLIWatchEndToEndTests.productLines(screen).keys) == [2, 7], "screen:\n\(screen)")
        #expect(try await bob.run(["bid", "7", "7,654,000", "--yes"]).status == 0)
        let (after, changed) = try await CLI.screen(tmux) { CLIWatchEndToEndTests.productLines($0)[7]?.contains("7,654,000") == true }
        #expect(changed, "screen:\n\(after)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func theOriginalBackendSaysNotSupported() async throws {
        let backend = try OriginalBackendEndToEndTests.backend()
        defer { backend.stop() }
        for arguments in [["mine"], ["watchlist", "list"], ["watch", "--watchlist"]] {
            let result = try await CLI.run(arguments, environment: backend.environment)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("is not supported by this server"), "\(arguments): \(result.stderr)")
            var original = backend.environment
            original["AUCTION_PROFILE"] = "original-docker"
            let configured = try await CLI.run(arguments, environment: original)
            #expect(configured.status == 2 && configured.stderr.contains("speaks the original protocol"), "\(arguments): \(configured.stderr)")
        }
    }
}
