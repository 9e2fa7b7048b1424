import AuctionCore
import AuctionImage
import AuctionTestSupport
import Foundation
import Testing

/// Issue 24, the seller's and the lists' side: progress on slow work, `mine` for a seller, `watchlist`
/// alone, the quirks of `show` and `mine`, the small things — the real `auction` binary against the
/// real server on loopback, the terminal's bytes read through tmux.
@Suite struct CLINewUserListsEndToEndTests {
    /// A PNG of noise (it does not compress): about 0.6 MB, well over the size that shows progress.
    static func largePicture(in directory: TemporaryDirectory) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let side = 384
        let pixels = (0..<(side * side * 4)).map { index in index % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &generator) }
        let path = directory.file("photo.png")
        try Data(try PNGEncoder.encode(RGBAImage(width: side, height: side, pixels: pixels))).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `auction <arguments>` as `user` in a tmux pane whose every byte is kept in `log`; started once the pipe is on.
    static func recorded(_ arguments: String, as user: AccountEndToEndTests.User, log: String,
                         environment: [String: String] = [:]) async throws -> (TmuxSession, String) {
        let exports = user.environment.merging(environment) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "true; read go; env -u NO_COLOR \(exports) '\(CLI.auction)' \(arguments); echo \"exited=$?\"; sleep 60"
        let tmux = try TmuxSession(command: command, width: 100, height: 40)
        try tmux.pipeOutput(to: log)
        try tmux.sendKeys("g", "Enter")
        let (screen, _) = try await CLI.screen(tmux) { $0.contains("exited=") }
        return (tmux, screen)
    }

    /// Lists a lot as `seller` with the large picture, a reserve and a buy-now price; its id.
    static func sell(_ seller: AccountEndToEndTests.User, picture: String) async throws -> Int {
        let sell = try await seller.run(["sell", "--name", "Brass lamp", "--start-price", "9,000", "--duration", "2h",
                                         "--image", picture, "--reserve", "20,000", "--buy-now", "30,000", "--json"])
        #expect(sell.status == 0, "\(sell.stderr)")
        #expect(!sell.stderr.contains("validating") && !sell.stderr.contains("\r"), "no progress when piped: \(sell.stderr.debugDescription)")
        return try #require(CLINewUserEndToEndTests.json(sell.stdout)["id"] as? Int)
    }

    @Test func sellAndShowTellTheirProgressOnATerminalAndNotWhenPiped() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let sam = try await AccountEndToEndTests.register("sam", on: server, in: directory)
        let picture = try Self.largePicture(in: directory)
        let log = directory.file("sell.log")
        let (tmux, screen) = try await Self.recorded("sell --name Lamp --start-price 9000 --duration 2h --image '\(picture)'", as: sam, log: log)
        defer { tmux.close() }
        #expect(screen.contains("listed: lot ") && screen.contains("exited=0"), "screen:\n\(screen)")
        #expect(!screen.contains("validating"), "the progress line is erased:\n\(screen)")
        let written = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(written.contains(" MB of ") && written.contains("validating…"), "bytes sent of the total, then validating: \(written.debugDescription)")

        let id = try await Self.sell(sam, picture: picture)
        let showLog = directory.file("show.log")
        let (show, shown) = try await Self.recorded("show \(id)", as: sam, log: showLog, environment: ["COLORTERM": "truecolor"])
        defer { show.close() }
        #expect(shown.contains("exited=0"), "screen:\n\(shown)")
        #expect(((try? String(contentsOfFile: showLog, encoding: .utf8)) ?? "").contains("fetching the picture…"))
        let piped = try await sam.run(["show", String(id)])
        #expect(!piped.stderr.contains("fetching"), "\(piped.stderr)")
    }

    @Test func showAndMineSayWhatIsTrueAndNameTheWinnerOneWay() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let sam = try await AccountEndToEndTests.register("sam", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let picture = directory.file("small.png")
        try Data(try PNGEncoder.encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64)))).write(to: URL(fileURLWithPath: picture))
        let id = try await Self.sell(sam, picture: picture)
        for step in 1...9 { #expect(try await bob.run(["bid", String(id), String(9_000 + step * 100), "--yes"]).status == 0) }
        let show = try await bob.run(["show", String(id)])
        #expect(show.stdout.contains("9,100 – 9,900, 9 bids"), "\(show.stdout)")
        #expect(show.stdout.contains("Reserve   not met") && !show.stdout.contains("reserve not met"), "\(show.stdout)")

        // A seller who has bid on nothing sees their lots, not just "nothing".
        let mine = try await sam.run(["mine"])
        #expect(mine.status == 0 && mine.stderr.contains("`auction mine --selling`") && mine.stdout.contains("Brass lamp"),
                "\(mine.stdout) \(mine.stderr)")

        #expect(try await bob.run(["buy", String(id), "--yes"]).status == 0)
        let sold = try await alice.run(["show", String(id)])
        #expect(sold.stdout.contains("won by b…b") && !sold.stdout.contains("won by bob"), "\(sold.stdout)")
        let watch = try ChildProcess(CLI.auction, ["watch", "--ids", String(id)], environment: alice.environment.merging(["NO_COLOR": ""]) { $1 })
        defer { watch.kill() }
        #expect(await eventually { watch.stdout.contains("BOUGHT") }, "the snapshot comes first: \(watch.stdout) \(watch.stderr)")
        #expect(watch.stdout.contains("BOUGHT · b…b") && !watch.stdout.contains("bob"), "the server's status, the name shortened: \(watch.stdout)")

        // A maximum your own bids went past is not shown below them.
        let price = try await CLINewUserEndToEndTests.price(2, server.clientEnvironment)
        let maximum = price + 2 * CLINewUserEndToEndTests.increment(price)
        #expect(try await alice.run(["bid", "2", "--min", "--max", String(maximum), "--yes"]).status == 0)
        #expect(try await bob.run(["bid", "2", String(maximum + 5 * CLINewUserEndToEndTests.increment(maximum)), "--yes"]).status == 0)
        let current = try await CLINewUserEndToEndTests.price(2, server.clientEnvironment)
        #expect(try await alice.run(["bid", "2", String(current + 3 * CLINewUserEndToEndTests.increment(current)), "--yes"]).status == 0)
        let table = try await alice.run(["mine"])
        let row = table.stdout.split(separator: "\n").first { $0.drop { $0 == " " }.hasPrefix("2 ") }.map(String.init) ?? ""
        #expect(!row.isEmpty && !row.contains(Money(maximum).description), "MY MAX below MY HIGHEST: \(table.stdout)")
    }

    @Test func watchlistAloneListsNamesPricesAndTimeLeft() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        #expect(try await alice.run(["watchlist", "add", "3"]).status == 0)
        let name = CLINewUserEndToEndTests.json(try await alice.run(["show", "3", "--json"]).stdout)["name"] as? String ?? "?"
        let list = try await alice.run(["watchlist"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(name) && list.stdout.contains("LEFT"), "\(list.stdout)")
    }

    /// The real binary, piped, says the outage on stderr; that it says so once however many attempts fail
    /// is `WatchOutageNoticeTests` (the backoff on a manual clock, so no real time is waited for).
    @Test func pipedWatchSaysNotConnectedWhenTheServerGoes() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let watch = try ChildProcess(CLI.auction, ["watch"], environment: server.clientEnvironment.merging(["HOME": "/nonexistent/auction-e2e-home"]) { $1 })
        defer { watch.kill() }
        #expect(await eventually { watch.stdout.split(separator: "\n").count >= 15 }, "the snapshot: \(watch.stdout)")
        server.stop()
        #expect(await eventually { watch.stderr.contains("not connected; reconnecting…") }, "\(watch.stderr)")
    }

    @Test func theSmallThings() async throws {
        let help = try await CLI.run(["--help"])
        #expect(help.stdout.contains("~/.cache/auction"), "\(help.stdout)")
        let commands = help.stdout.components(separatedBy: "Global options").first ?? ""
        let order = ["list", "watch", "bid", "buy", "sell", "help"].compactMap { commands.range(of: "\n  \($0) ")?.lowerBound }
        #expect(order.count == 6 && order == order.sorted(), "grouped by task, help last:\n\(commands)")
        let tcsh = try await CLI.run(["completions", "tcsh"])
        #expect(tcsh.status == 2 && tcsh.stderr.contains("`tcsh`") && tcsh.stderr.contains("bash, zsh, fish"), "\(tcsh.stderr)")

        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let exports = server.clientEnvironment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let tmux = try TmuxSession(command: "env NO_COLOR=1 HOME=/nonexistent/auction-e2e-home \(exports) '\(CLI.auction)' show 1; echo \"exited=$?\"; sleep 60",
                                   width: 100, height: 50)
        defer { tmux.close() }
        let (screen, done) = try await CLI.screen(tmux) { $0.contains("exited=") }
        #expect(done && screen.contains("picture: not shown (colours are off"), "screen:\n\(screen)")
    }
}
