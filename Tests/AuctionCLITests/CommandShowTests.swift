import AuctionCLI
import AuctionInfrastructure
import Testing

@Suite struct CommandShowTests {
    @Test func showPrintsTheProductInFull() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["show", "7"], environment: server.environment())
        #expect(run.status == .success, "stderr: \(run.stderr)")
        let text = run.stdout
        #expect(text.hasPrefix("#7  Item 7\n"))
        #expect(text.contains("Seller    seller 7"))
        #expect(text.contains("Price     1,070  ↑ +70"))
        #expect(text.contains("Started   1,000"))
        #expect(text.contains("Ends      2096-10-02"))
        #expect(text.contains("all about item 7"))
        #expect(text.contains("History   ") && text.contains("1,000 – 1,070, 3 prices"))
        #expect(text.contains("▁") && text.contains("█"))
    }

    @Test func showJSONCarriesHistoryAndSeller() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["show", "7", "--json"], environment: server.environment())
        #expect(run.status == .success)
        let json = try JSONValue.parse(Array(run.stdout.utf8))
        #expect(json["id"] == 7)
        #expect(json["seller"] == "seller 7")
        #expect(json["description"] == "all about item 7")
        #expect(json["history"]?.arrayValue?.count == 3)
        #expect(json["history"]?.arrayValue?.last?["price"] == 1_070)
    }

    @Test func unknownProductExitsOne() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["show", "99"], environment: server.environment())
        #expect(run.status == .refused)
        #expect(run.stderr == "auction: not found: product 99\n")
    }

    @Test func showNeedsAnID() async {
        let run = await CommandHarness.run(["show"])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("auction: `show` needs <id>"))
    }
}

extension CommandShowTests {
    @Test func showGivesTheServersMinimumNextBid() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        server.catalogue.details.withLock { $0[6].product.minimumIncrement = 1_000 }
        let run = await CommandHarness.run(["show", "7"], environment: server.environment())
        // 1,070 + the lot's own 1,000, as the server's `next_minimum` says.
        #expect(run.stdout.contains("Next bid") && run.stdout.contains("2,070 or more"), "\(run.stdout)")
        #expect(!run.stdout.contains("Min. raise"))
    }
}
