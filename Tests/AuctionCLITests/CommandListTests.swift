import AuctionCLI
import AuctionTestSupport
import AuctionInfrastructure
import Testing

@Suite struct CommandListTests {
    @Test func listPrintsTheFirstPageAsATable() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["list"], environment: server.environment())
        #expect(run.status == .success, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        try #require(lines.count == 16, "stdout: \(run.stdout)")
        #expect(lines[0].contains("NAME") && lines[0].contains("PRICE"))
        #expect(lines[1].contains("Item 1 ") && lines[1].contains("1,010") && lines[1].contains("↑ +10"))
        #expect(lines[15].contains("Item 15"))
        #expect(!run.stdout.contains("\u{1B}["), "no colour when not a terminal")
    }

    @Test func listPageTwoAndPastTheEnd() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let second = await CommandHarness.run(["list", "--page", "2"], environment: server.environment())
        #expect(second.status == .success)
        #expect(second.stdout.split(separator: "\n").count == 6)
        #expect(second.stdout.contains("Item 20"))
        let past = await CommandHarness.run(["list", "--page", "3"], environment: server.environment())
        #expect(past.status == .refused)
        #expect(past.stderr.contains("page 3"))
    }

    @Test func listAllJSONIsOneDocumentWithEveryProduct() async throws {
        let server = try CommandTestServer(products: 32)
        defer { server.stop() }
        let run = await CommandHarness.run(["list", "--all", "--json"], environment: server.environment())
        #expect(run.status == .success, "stderr: \(run.stderr)")
        let json = try JSONValue.parse(Array(run.stdout.utf8))
        let products = json["products"]?.arrayValue ?? []
        try #require(products.count == 32)
        #expect(json["pages"] == [1, 2, 3])
        #expect(products[4]["id"] == 5)
        #expect(products[4]["name"] == "Item 5")
        #expect(products[4]["price"] == 1_050)
        #expect(products[4]["start_price"] == 1_000)
        #expect(products[4]["direction"] == "up")
    }

    @Test func colourOnlyOnAColourTerminal() async throws {
        let server = try CommandTestServer(products: 3)
        defer { server.stop() }
        let coloured = await CommandHarness.run(["list"], environment: server.environment(), terminal: TerminalSize(rows: 24, columns: 80), color: true)
        #expect(coloured.stdout.contains(ANSI.green))
        let flagged = await CommandHarness.run(["list", "--no-color"], environment: server.environment(),
                                               terminal: TerminalSize(rows: 24, columns: 80), color: true)
        #expect(!flagged.stdout.contains("\u{1B}["))
    }

    @Test func unreachableServerExitsThreeWithAnActionableMessage() async throws {
        await LoopbackPort.withRefusing { port in
            let run = await CommandHarness.run(["list"], environment: ["AUCTION_HTTP": "http://127.0.0.1:\(port)"])
            #expect(run.status == .unreachable)
            #expect(run.stderr == "auction: cannot reach 127.0.0.1:\(port): connection refused — is the server running there, and is the address right?\n")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func pageAndAllTogetherIsAUsageError() async {
        let run = await CommandHarness.run(["list", "--all", "--page", "2"])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("auction: `--page` and `--all` cannot be used together"))
    }
}
