import AuctionCore
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 12's live lots with nothing faked: a seller's real `auction sell` and `withdraw` while real
/// `auction watch` screens run in tmux against our server (in this process, on a manual clock). The
/// new lot appears in its place on the loaded pages — a query's (`--seller`) and the plain catalogue's
/// last page — and a withdrawn lot's line goes away with a note in the status line.
@Suite(.serialized) struct CLIWatchListedLotsEndToEndTests {
    @Test func aListedLotAppearsInWatchAndAWithdrawnOneLeavesIt() async throws {
        let directory = try TemporaryDirectory(prefix: "auction-cli-e2e")
        defer { directory.remove() }
        let start = CLIWatchScreenEndToEndTests.now()
        let path = directory.file("auction.sqlite")
        try CatalogueFixture.demo(at: path, now: start, endingAt: [:])
        let (server, _, environment) = try CLIWatchSoftCloseEndToEndTests.server(at: path, start: start)
        defer { server.stop() }
        let sam = try await AccountEndToEndTests.register("sam", serverEnvironment: environment, in: directory)
        let first = try await sam.run(["sell", "--name", "Brass samovar", "--start-price", "4,000", "--duration", "2h", "--json"])
        let firstID = try #require((try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])?["id"] as? Int,
                                   "sell: \(first.stdout) \(first.stderr)")

        // A watch of sam's lots (request 13's query state) and one of the catalogue's last page (plain list state).
        let watchEnvironment = sam.environment.merging(["NO_COLOR": ""]) { $1 }
        let lastPage = (DemoCatalogue.productCount + 1 + ProductPage.size - 1) / ProductPage.size
        let bySeller = try TmuxSession(command: CLIWatchEndToEndTests.watchCommand("watch --seller sam", environment: watchEnvironment),
                                       width: 110, height: 24)
        defer { bySeller.close() }
        let plain = try TmuxSession(command: CLIWatchEndToEndTests.watchCommand("watch --pages \(lastPage)", environment: watchEnvironment),
                                    width: 110, height: 24)
        defer { plain.close() }
        #expect(try await CLI.screen(plain) { $0.contains("connected ·") && $0.contains("lots 1–") }.1)
        try plain.sendKeys("G")  // to the last screen, where sam's lots are
        for (tmux, what) in [(bySeller, "seller"), (plain, "plain")] {
            let (screen, ready) = try await CLI.screen(tmux) { $0.contains("connected ·") && $0.contains("Brass samovar") }
            #expect(ready, "\(what) screen:\n\(screen)")
        }

        // When sam lists another lot, both screens show it under the first (sorted by id).
        let second = try await sam.run(["sell", "--name", "Copper kettle", "--start-price", "2,500", "--duration", "1h", "--json"])
        let secondID = try #require((try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])?["id"] as? Int,
                                    "sell: \(second.stdout) \(second.stderr)")
        for tmux in [bySeller, plain] {
            let (screen, shown) = try await CLI.screen(tmux) { screen in
                let lines = CLIWatchScreenEndToEndTests.lines(screen)
                return lines[secondID]?.contains("Copper kettle") == true && lines[secondID]?.contains("2,500") == true
            }
            #expect(shown, "the new lot's line:\n\(screen)")
            let rows = screen.split(separator: "\n")
            let samovar = rows.firstIndex { $0.contains("Brass samovar") }, kettle = rows.firstIndex { $0.contains("Copper kettle") }
            #expect(samovar != nil && kettle != nil && samovar! < kettle!, "in id order:\n\(screen)")
        }

        // When sam withdraws the first, its line goes and the status line says so.
        let withdraw = try await sam.run(["withdraw", String(firstID), "--yes"])
        #expect(withdraw.status == 0, "withdraw: \(withdraw.stderr)")
        for tmux in [bySeller, plain] {
            let (screen, gone) = try await CLI.screen(tmux) { screen in
                CLIWatchScreenEndToEndTests.lines(screen)[firstID] == nil && screen.contains("withdrawn by its seller")
            }
            #expect(gone && CLIWatchScreenEndToEndTests.lines(screen)[firstID] == nil, "the withdrawn lot's line:\n\(screen)")
            #expect(screen.contains("lot \(firstID) (Brass samovar) was withdrawn by its seller"), "the status line:\n\(screen)")
            #expect(CLIWatchScreenEndToEndTests.lines(screen)[secondID]?.contains("Copper kettle") == true, "\(screen)")
        }
        for tmux in [bySeller, plain] {
            try tmux.sendKeys("q")
            #expect(try await CLI.screen(tmux) { $0.contains("exited=0") }.1)
        }
    }
}
