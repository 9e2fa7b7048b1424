import AuctionTestSupport
import Foundation
import Testing

/// The real `auction` binary against a real `auction-server` for the bidding safety rules the server
/// already has a say in: the fat-finger guard (on a tmux terminal and from a pipe), `buy` of a product
/// without a buy-now price, and `show`'s bid history from `GET /products/{id}/bids`.
@Suite(.serialized) struct CLIBiddingEndToEndTests {
    @Test func aFarHigherBidIsAskedAboutOnATerminalAndNeverSentFromAPipe() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let piped = try await CLI.run(["bid", "4", "99,000,000"], environment: server.clientEnvironment)
        #expect(piped.status == 5, "stderr: \(piped.stderr)")
        #expect(piped.stderr.contains("there is no terminal to confirm it on: nothing was sent (add --yes to go ahead)"))
        #expect(try AccountEndToEndTests.storedBids(server.databasePath).isEmpty)

        let env = server.clientEnvironment.merging(["HOME": "/nonexistent/auction-e2e-home", "XDG_CONFIG_HOME": "", "NO_COLOR": "1"]) { _, new in new }
        let tmux = try TmuxSession(command: "'\(CLI.auction)' bid 4 99,000,000; printf \"exited=$?\"; sleep 60", width: 120, height: 10,
                                   environment: env)
        defer { tmux.close() }
        let (question, asked) = try await CLI.screen(tmux) { $0.contains("Bid anyway? [y/N]") }
        #expect(asked, "screen:\n\(question)")
        #expect(question.contains("your bid 99,000,000 is"))
        try tmux.type("y")
        try tmux.sendKeys("Enter")
        let (screen, exited) = try await CLI.screen(tmux) { $0.contains("exited=") }
        #expect(exited && screen.contains("accepted: you lead product 4 at 99,000,000") && screen.contains("exited=0"), "screen:\n\(screen)")
        #expect(try AccountEndToEndTests.storedBids(server.databasePath).map(\.price) == [99_000_000])
    }

    @Test func buyingAProductWithoutABuyNowPriceIsRefusedBeforeSending() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let result = try await CLI.run(["buy", "5", "--yes"], environment: server.clientEnvironment)
        #expect(result.status == 1)
        #expect(result.stderr == "auction: product 5 cannot be bought now: it has no buy-now price (none was set, or bidding has begun); nothing was sent\n")
        #expect(try AccountEndToEndTests.storedBids(server.databasePath).isEmpty)
    }

    @Test func showListsTheBidHistoryWithShortenedNames() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        #expect(try await alice.run(["bid", "6", "9,000,000", "--yes"]).status == 0)
        #expect(try await alice.run(["bid", "6", "9,500,000", "--yes"]).status == 0)

        let shown = try await CLI.run(["show", "6"], environment: server.clientEnvironment)
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("Bids (newest first)\n"), "\(shown.stdout)")
        let rows = shown.stdout.split(separator: "\n").filter { $0.contains("al…e") }
        // Each row ends with the price and the bid's id (what `auction mod retract` names).
        #expect(rows.count == 2 && rows[0].contains("9,500,000  #2") && rows[1].hasSuffix("9,000,000  #1"), "\(shown.stdout)")

        let json = try await CLI.run(["show", "6", "--json"], environment: server.clientEnvironment)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let bids = object?["bids"] as? [[String: Any]] ?? []
        #expect(bids.map { $0["bidder"] as? String } == ["al…e", "al…e"])
        #expect(bids.map { $0["price"] as? Int } == [9_500_000, 9_000_000])
        #expect(!json.stdout.contains("alice"))
    }
}
