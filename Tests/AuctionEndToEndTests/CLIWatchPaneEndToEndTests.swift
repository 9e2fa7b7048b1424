import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// The app's detail pane in a real terminal (tmux) against a real server: Enter opens it beside or below
/// the table and Esc closes it; a bid, a proxy bid and the watchlist from it; another user's bid in the
/// lot's room under it; `auction` alone on a terminal opens the app.
@Suite(.serialized) struct CLIWatchPaneEndToEndTests {
    static func lines(_ screen: String) -> [Int: String] { CLIWatchEndToEndTests.productLines(screen) }

    /// `auction watch` in tmux as `user` (or logged out), no colour.
    static func watch(_ server: AuctionServerProcess, as user: AccountEndToEndTests.User? = nil, arguments: String = "watch",
                      width: Int = 120, height: Int = 35) throws -> TmuxSession {
        var environment = server.clientEnvironment.merging(["NO_COLOR": ""]) { $1 }
        if let user { environment["XDG_CONFIG_HOME"] = user.config }
        return try TmuxSession(command: CLIWatchEndToEndTests.watchCommand(arguments, environment: environment), width: width, height: height)
    }

    /// Waits for the table, opens the pane on the selected lot and waits for its detail.
    static func openPane(_ tmux: TmuxSession, on id: Int = 1) async throws -> String {
        #expect(try await CLI.screen(tmux) { $0.contains("connected ·") }.1)
        for _ in 1..<id { try tmux.sendKeys("j") }
        #expect(try await CLI.screen(tmux) { $0.contains("› \(id) ") }.1)
        try tmux.sendKeys("Enter")
        let (screen, opened) = try await CLI.screen(tmux) { $0.contains("#\(id)  ") && $0.contains("Seller") }
        #expect(opened, "the pane shows lot \(id):\n\(screen)")
        return screen
    }

    @Test func enterOpensTheDetailPaneBesideTheTableAndEscClosesIt() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch(server)
        defer { tmux.close() }
        let (closed, live) = try await CLI.screen(tmux) { $0.contains("connected ·") && Self.lines($0).count == 31 }
        #expect(live, "screen:\n\(closed)")
        let opened = try await Self.openPane(tmux)
        // Beside the table: each row is the table's, a separator, then the pane's.
        let paneRows = opened.split(separator: "\n").filter { $0.contains("│") }
        #expect(paneRows.count >= 30, "a side pane the whole height:\n\(opened)")
        #expect(opened.contains("Price ") && opened.contains("Next bid "), "the price and the server's next minimum:\n\(opened)")
        #expect(opened.contains("image 1 of"), "the picture's place and count:\n\(opened)")
        #expect(opened.contains("── product-1"), "the lot's room under the detail:\n\(opened)")
        #expect(Self.lines(opened).count == 31, "the table keeps its rows:\n\(opened)")
        #expect(CLIWatchPagingEndToEndTests.pricesAreWhole(opened), "no price cut beside the pane:\n\(opened)")
        try tmux.sendKeys("j")
        #expect(try await CLI.screen(tmux) { $0.contains("#2  ") && $0.contains("── product-2") }.1, "the pane follows the selection")
        try tmux.sendKeys("Escape")
        let (back, gone) = try await CLI.screen(tmux) { !$0.contains("│") && !$0.contains("Seller") }
        #expect(gone, "Esc closes the pane:\n\(back)")
        #expect(back.contains("Enter detail"), "the line under the table says how to open it:\n\(back)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func aBidAndAProxyBidFromTheDetailPaneAreAcceptedInTheServersWords() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let tmux = try Self.watch(server, as: alice, width: 80, height: 24)
        defer { tmux.close() }
        let opened = try await Self.openPane(tmux, on: 2)
        #expect(opened.contains("── product-2"), "below the table at 80 columns, with the room:\n\(opened)")
        try tmux.sendKeys("b")
        #expect(try await CLI.screen(tmux) { $0.contains("bid on 2 ") }.1)
        try tmux.type("8800000")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("Bid anyway? [y/N]") }.1)
        try tmux.type("y")
        let (after, answered) = try await CLI.screen(tmux) { $0.contains("accepted: you lead product 2 at 8,800,000") }
        #expect(answered, "screen:\n\(after)")
        let (standing, leads) = try await CLI.screen(tmux) { $0.contains("You       lead") }
        #expect(leads, "the pane shows the standing:\n\(standing)")

        // B asks for the maximum; the bid is the server's next minimum, up to the maximum by proxy.
        try tmux.sendKeys("j")
        #expect(try await CLI.screen(tmux) { $0.contains("#3  ") }.1)
        try tmux.sendKeys("B")
        #expect(try await CLI.screen(tmux) { $0.contains("maximum for 3 (bids ") }.1)
        try tmux.type("9500000")
        try tmux.sendKeys("Enter")
        let (asked, question) = try await CLI.screen(tmux) { $0.contains("Bid anyway? [y/N]") }
        #expect(question, "the question keeps its keys on a narrow status line:\n\(asked)")
        try tmux.type("y")
        let (proxied, accepted) = try await CLI.screen(tmux) { $0.contains("accepted: you lead product 3") }
        #expect(accepted, "screen:\n\(proxied)")
        let database = try SQLiteDatabase(path: server.databasePath, options: [.readOnly])
        defer { database.close() }
        let maximum = try database.query("SELECT maximum FROM proxy_maximums WHERE product_id = 3") { $0.int64(0) }.first
        #expect(maximum == 9_500_000, "the maximum was sent: \(String(describing: maximum))")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func anotherUsersBidAppearsInThePanesRoomAndALineTypedThereIsSent() async throws {
        let (server, directory, alice, bob) = try await ChatEndToEndTests.serverWithUsers()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch(server, as: alice)
        defer { tmux.close() }
        _ = try await Self.openPane(tmux, on: 5)
        #expect(try await CLI.screen(tmux) { $0.contains("joined product-5") }.1, "the lot's room is joined")
        let bid = try await bob.run(["bid", "5", "9,000,000", "--yes"])
        #expect(bid.status == 0, "bob's bid: \(bid.stdout) \(bid.stderr)")
        let (screen, shown) = try await CLI.screen(tmux) { $0.contains("▸ bid 9,000,000 by b…b") }
        #expect(shown, "bob's bid inline in the pane's room:\n\(screen)")
        #expect(try await CLI.screen(tmux) { Self.lines($0)[5]?.contains("9,000,000") == true }.1, "and in the table")

        try tmux.sendKeys("c")
        #expect(try await CLI.screen(tmux) { $0.contains("Esc back to the table") }.1)
        try tmux.type("is it boxed?")
        try tmux.sendKeys("Enter")
        #expect(try await CLI.screen(tmux) { $0.contains("alice (you): is it boxed?") }.1)
        let history = try await bob.run(["chat", "product-5"], stdin: "")
        #expect(history.stdout.contains("alice: is it boxed?"), "sent to the lot's room: \(history.stdout)")
        try tmux.sendKeys("Escape")
        #expect(try await CLI.screen(tmux) { $0.contains("c to chat") }.1, "Esc returns to the table")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func wPutsTheSelectedLotOnTheWatchlistAndTakesItOff() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let tmux = try Self.watch(server, as: alice)
        defer { tmux.close() }
        _ = try await Self.openPane(tmux, on: 4)
        #expect(try await CLI.screen(tmux) { $0.contains("Watchlist off") }.1, "read from the server at the start")
        try tmux.sendKeys("w")
        #expect(try await CLI.screen(tmux) { $0.contains("product 4 is on your watchlist") && $0.contains("Watchlist on") }.1)
        let listed = try await alice.run(["watchlist", "--json"])
        #expect(listed.stdout.contains("[4]"), "kept on the server: \(listed.stdout)")
        try tmux.sendKeys("w")
        #expect(try await CLI.screen(tmux) { $0.contains("product 4 is not on your watchlist") && $0.contains("Watchlist off") }.1)
        let emptied = try await alice.run(["watchlist", "--json"])
        #expect(emptied.stdout.contains("[]"), "taken off on the server: \(emptied.stdout)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test(arguments: [(120, 35), (80, 24), (40, 10), (20, 5)])
    func withThePaneOpenTheTableFillsItsPlaceAndNoPriceIsCut(width: Int, height: Int) async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch(server, width: width, height: height)
        defer { tmux.close() }
        let capacity = height - 4
        #expect(try await CLI.screen(tmux) { $0.contains("connected") && Self.lines($0).count == capacity }.1)
        try tmux.sendKeys("Enter")
        // Beside (120), below (80×24: the table keeps 9 rows, 5 of them lots), or dropped (40×10, 20×5).
        let shown = width >= 100 ? capacity : height >= 16 ? max(8, height * 2 / 5) - 4 : capacity
        let (screen, settled) = try await CLI.screen(tmux) {
            Self.lines($0).count == shown && (height < 16 && width < 100 || $0.contains("── product-1"))
        }
        #expect(settled, "\(width)×\(height): \(shown) rows with the pane open:\n\(screen)")
        #expect(CLIWatchPagingEndToEndTests.pricesAreWhole(screen), "\(width)×\(height):\n\(screen)")
        #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { $0.count <= width })
        if width >= 100 || height >= 16 {
            // The pane's figures are whole too: a price line is whole or left out.
            let prices = screen.split(separator: "\n").compactMap { line -> Substring? in
                guard let range = line.range(of: "Price     ") else { return nil }
                return line[range.upperBound...].split(separator: " ").first
            }
            #expect(prices.count == 1 && prices.allSatisfy(CLIWatchPagingEndToEndTests.isWholePrice), "\(screen)")
        }
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func aResizeReflowsThePaneFromBesideTheTableToBelowItAndDropsItWhenSmall() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch(server)
        defer { tmux.close() }
        _ = try await Self.openPane(tmux)
        try tmux.resize(width: 80, height: 24)
        let (below, moved) = try await CLI.screen(tmux) {
            !$0.contains("│") && $0.split(separator: "\n").contains { $0.hasPrefix("#1  ") } && Self.lines($0).count == 5
        }
        #expect(moved, "SIGWINCH: the pane goes below the table, which keeps its rows:\n\(below)")
        try tmux.resize(width: 40, height: 10)
        let (small, dropped) = try await CLI.screen(tmux) { !$0.contains("#1  ") && Self.lines($0).count == 6 }
        #expect(dropped, "too small: the pane is dropped and the table fills the height:\n\(small)")
        #expect(CLIWatchPagingEndToEndTests.pricesAreWhole(small), "\(small)")
        try tmux.resize(width: 120, height: 35)
        #expect(try await CLI.screen(tmux) { $0.contains("│#1  ") && Self.lines($0).count == 31 }.1, "and back beside it")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
    }

    @Test func auctionAloneOnATerminalOpensTheAppAndPipedPrintsTheUsage() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let tmux = try Self.watch(server, arguments: "")
        defer { tmux.close() }
        let (screen, opened) = try await CLI.screen(tmux) { $0.contains("connected ·") && Self.lines($0).count == 31 }
        #expect(opened, "the app, as `auction watch`:\n\(screen)")
        try tmux.sendKeys("q")
        #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
        let piped = try await CLI.run([], environment: server.clientEnvironment)
        #expect(piped.status == 2 && piped.stderr.contains("no command given"), "piped: \(piped.status) \(piped.stderr)")
    }
}
