import AuctionCore
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 11's closing scene with nothing faked: two real `auction` clients against our server (in
/// this process, on a manual clock), and alice's real `watch` screen in tmux showing the outbid
/// notification the server pushes and the soft-close countdown moving when a bid lands in the window.
@Suite(.serialized) struct CLIWatchSoftCloseEndToEndTests {
    /// Our server in this process over the database at `path`, on a manual clock at `start`; the clients' environment.
    static func server(at path: String, start: Timestamp) throws -> (AuctionHouseServer, ManualClock, [String: String]) {
        let clock = ManualClock(start)
        let server = AuctionHouseServer(configuration: .ephemeral(databasePath: path), log: ServerLog(level: .warning), clock: clock)
        let addresses = try server.start()
        return (server, clock, ["AUCTION_HTTP": addresses.httpURL, "AUCTION_SOCKET": "\(addresses.socket)"])
    }

    /// Whether `row` shows the minutes left until `end` as the client counts them: on its own (real)
    /// clock, so a slow run shows fewer than the server's manual clock says — this reads the same clock
    /// just after the screen was drawn (so the screen may show one minute more at a minute's edge; an
    /// end 90 s earlier, as before the extension, shows at least one minute less).
    static func showsTimeLeft(_ row: String, until end: Timestamp) -> Bool {
        let left = (end.millisecondsSinceEpoch - CLIWatchScreenEndToEndTests.now().millisecondsSinceEpoch) / 60_000
        return (left...(left + 1)).contains { row.contains("\($0)m ") }
    }

    @Test func watchShowsTheServersOutbidNoticeAndASoftCloseCountdownThatMoves() async throws {
        // Given product 1 ending in ten minutes of the server's time, and alice leading it by proxy.
        let directory = try TemporaryDirectory(prefix: "auction-cli-e2e")
        defer { directory.remove() }
        let start = CLIWatchScreenEndToEndTests.now()
        let path = directory.file("auction.sqlite")
        try CatalogueFixture.demo(at: path, now: start, endingAt: [1: start.adding(milliseconds: 600_000)])
        let (server, clock, environment) = try Self.server(at: path, start: start)
        defer { server.stop() }
        let (alice, bob) = try await (AccountEndToEndTests.register("alice", serverEnvironment: environment, in: directory),
                                      AccountEndToEndTests.register("bob", serverEnvironment: environment, in: directory))
        let proxy = try await alice.run(["bid", "1", "9,000,000", "--max", "9,500,000", "--yes"])
        #expect(proxy.status == 0 && proxy.stdout.contains("accepted: you lead product 1 at"), "alice's proxy bid: \(proxy.stdout) \(proxy.stderr)")

        let tmux = try TmuxSession(command: CLIWatchEndToEndTests.watchCommand(
            "watch --ids 1,2", environment: alice.environment.merging(["NO_COLOR": ""]) { $1 }), width: 110, height: 24)
        defer { tmux.close() }
        let (live, connected) = try await CLI.screen(tmux) { $0.contains("connected ·") && $0.contains("LEFT") }
        #expect(connected, "screen:\n\(live)")
        let before = CLIWatchScreenEndToEndTests.lines(live)[1] ?? ""
        #expect(before.contains("9,000,000") && Self.showsTimeLeft(before, until: start.adding(milliseconds: 600_000)) && !before.contains("×"),
                "ten minutes left (less the time this test has run), never extended: \(before)")

        // When bob bids above alice's maximum: her proxy answers up to it, and bob still leads.
        let outbid = try await bob.run(["bid", "1", "9,600,000", "--yes"])
        #expect(outbid.status == 0 && outbid.stdout.contains("accepted: you lead product 1 at"), "bob: \(outbid.stdout) \(outbid.stderr)")
        // Then alice's screen says so, with the new price and her maximum, from the server's push 8.
        let (noticed, shown) = try await CLI.screen(tmux) {
            $0.contains("outbid on") && $0.contains("— now 9,600,000 (your max 9,500,000)")
                && CLIWatchScreenEndToEndTests.lines($0)[1]?.contains("9,600,000") == true
        }
        #expect(shown, "the status line says outbid and the row shows bob's price:\n\(noticed)")

        // When the server's clock reaches the last minute and alice bids again: the end moves to two
        // minutes past her bid (push 7), so the row's countdown jumps forward and is marked +1×.
        clock.advance(milliseconds: 570_000)
        let late = try await alice.run(["bid", "1", "9,800,000", "--yes"])
        #expect(late.status == 0 && late.stdout.contains("accepted: you lead product 1 at"), "alice's late bid: \(late.stdout) \(late.stderr)")
        let (extended, moved) = try await CLI.screen(tmux) { screen in
            let row = CLIWatchScreenEndToEndTests.lines(screen)[1] ?? ""
            return row.contains("9,800,000") && row.contains("+1×") && Self.showsTimeLeft(row, until: start.adding(milliseconds: 690_000))
        }
        #expect(moved, "the countdown moved forward to the new end (server time +9½ min + 2 min, on the client's clock):\n\(extended)")
        #expect(extended.contains("extended 1×"), "the detail line names the extension:\n\(extended)")
        let database = try SQLiteDatabase(path: path, options: [.readOnly])
        defer { database.close() }
        #expect(try database.scalarInteger("SELECT extensions FROM products WHERE id = 1") == 1)
        #expect(try database.scalarInteger("SELECT ends_at FROM products WHERE id = 1") == start.millisecondsSinceEpoch + 690_000)
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }
}
