import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 33, item 4: the server states one status per lot and every view prints it once; a bid on a lot
/// that takes no bids is refused before the 20 % question (exit 1, never 5), with the real binaries.
@Suite(.serialized) struct CLILotStatusEndToEndTests {
    /// The `Status` lines of `auction show`'s output.
    static func statusLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Status") }
    }

    @Test func withdrawnRemovedBoughtAndOpenLotsEachShowOneStatus() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let sam = try await AccountEndToEndTests.register("sam", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        let dora = try await AccountEndToEndTests.register("dora", on: server, in: directory)
        let grant = try await offPool { try ProcessRunner.run(BuildProducts.executable("auction-server"), ["admin", "grant", "dora", "--db", server.databasePath]) }
        #expect(grant.status == 0, "\(grant.stderr)")

        let open = try await bob.run(["show", "5"])
        #expect(Self.statusLines(open.stdout).count == 1 && open.stdout.contains("Status    open"), "\(open.stdout)")
        #expect(CLIModerationEndToEndTests.json(try await bob.run(["show", "5", "--json"]).stdout)["status"] as? String == "open")

        // Withdrawn by its seller: one Status line, no end time, and a bid without --yes is refused at once.
        let sell = try await sam.run(["sell", "--name", "Brass lamp", "--start-price", "9,000", "--duration", "2h", "--json"])
        #expect(sell.status == 0, "\(sell.stderr)")
        let lamp = try #require(CLIModerationEndToEndTests.json(sell.stdout)["id"] as? Int)
        #expect(try await sam.run(["withdraw", String(lamp), "--yes"]).status == 0)
        let withdrawn = try await bob.run(["show", String(lamp)])
        #expect(Self.statusLines(withdrawn.stdout) == ["Status    withdrawn by its seller"], "\(withdrawn.stdout)")
        #expect(!withdrawn.stdout.contains("Ends"), "a withdrawn lot has no end to count down: \(withdrawn.stdout)")
        let late = try await bob.run(["bid", String(lamp), "1,000,000"])
        #expect(late.status == 1 && late.stderr.contains("withdrew"), "\(late.status) \(late.stdout) \(late.stderr)")
        #expect(CLIModerationEndToEndTests.json(try await bob.run(["show", String(lamp), "--json"]).stdout)["status"] as? String == "withdrawn")

        // Removed by a moderator: the reason, once.
        #expect(try await dora.run(["mod", "remove-lot", "5", "--reason", "counterfeit"]).status == 0)
        let removed = try await bob.run(["show", "5"])
        #expect(Self.statusLines(removed.stdout) == ["Status    removed by moderation: counterfeit"], "\(removed.stdout)")
        let refused = try await bob.run(["bid", "5", "--min"])
        #expect(refused.status == 1 && refused.stderr.contains("removed this lot"), "\(refused.status) \(refused.stderr)")

        // Bought now: the buyer sees their own name in full.
        let offer = try await sam.run(["sell", "--name", "Tin clock", "--start-price", "1,000", "--buy-now", "5,000", "--duration", "2h", "--json"])
        #expect(offer.status == 0, "\(offer.stderr)")
        let clock = try #require(CLIModerationEndToEndTests.json(offer.stdout)["id"] as? Int)
        #expect(try await bob.run(["buy", String(clock), "--yes"]).status == 0)
        let bought = try await bob.run(["show", String(clock)])
        #expect(Self.statusLines(bought.stdout) == ["Status    bought now — won by bob (you) at 5,000"], "\(bought.stdout)")
        #expect(bought.stdout.contains("bob (you)  5,000"), "the buyer's own bid in the history, in full: \(bought.stdout)")
        let seen = try await sam.run(["show", String(clock)])
        #expect(Self.statusLines(seen.stdout) == ["Status    bought now — won by b…b at 5,000"], "\(seen.stdout)")
        #expect(seen.stdout.contains("b…b  5,000") && !seen.stdout.contains("bob"), "others see the name shortened: \(seen.stdout)")
        #expect(try await bob.run(["bid", String(clock), "9,000"]).status == 1)
    }
}
