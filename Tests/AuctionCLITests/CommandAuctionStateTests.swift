import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import Foundation
import Testing

/// `list`, `show` and `bid` about an auction's state: ended and won, time left, relative and minimum bids.
@Suite struct CommandAuctionStateTests {
    /// Product 3 ended, won by bob; product 1's name has a slash.
    private static func server() throws -> CommandTestServer {
        let server = try CommandTestServer(products: 20)
        server.catalogue.details.withLock { details in
            details[2].product.isClosed = true
            details[2].product.winner = "bob"
            details[0].product.name = "AC/DC poster"
            details[4].product.minimumIncrement = 500
        }
        return server
    }

    @Test func listJSONCarriesClosedAndWinner() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = await CommandHarness.run(["list", "--json"], environment: server.environment())
        #expect(run.status == .success, "stderr: \(run.stderr)")
        let products = try JSONValue.parse(Array(run.stdout.utf8))["products"]?.arrayValue ?? []
        try #require(products.count == 15)
        #expect(products[2]["closed"] == true)
        #expect(products[2]["winner"] == "bob")
        #expect(products[1]["closed"] == false)
        #expect(products[1]["winner"] == .null)
    }

    @Test func jsonForScriptsWritesSlashesAsThemselves() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let list = await CommandHarness.run(["list", "--json"], environment: server.environment())
        #expect(list.stdout.contains("\"name\":\"AC/DC poster\""), "stdout: \(list.stdout)")
        #expect(!list.stdout.contains("\\u002f"))
        let show = await CommandHarness.run(["show", "1", "--json"], environment: server.environment())
        #expect(show.stdout.contains("\"name\":\"AC/DC poster\""), "stdout: \(show.stdout)")
    }

    @Test func showSaysEndedAndTheWinner() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = await CommandHarness.run(["show", "3"], environment: server.environment())
        #expect(run.status == .success)
        #expect(run.stdout.contains("Status    ended — won by b…b at 1,030"), "stdout: \(run.stdout)")
        let open = await CommandHarness.run(["show", "4"], environment: server.environment())
        #expect(!open.stdout.contains("Status"))
        #expect(open.stdout.contains(" left)"), "a countdown after the end time: \(open.stdout)")
    }

    @Test func listHasATimeLeftColumn() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = await CommandHarness.run(["list"], environment: server.environment())
        let lines = run.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 16, "stdout: \(run.stdout)")
        #expect(lines[0].hasSuffix("LEFT"))
        #expect(lines[3].hasSuffix("ended"))
        #expect(lines[1].hasSuffix("h"), "days and hours left: \(lines[1])")
    }

    @Test func bidPlusRaisesTheCurrentPrice() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "7", "+1,000", "--yes"], environment: server.environment())
        #expect(run.status == .success, "stderr: \(run.stderr)")
        #expect(run.stdout == "accepted: product 7 is now 2,070\n")
        #expect(server.received.withLock { $0 }.map(\.withoutIdempotencyKey).contains(.bid(Bid(productID: 7, price: 2_070), userID: nil)))
    }

    @Test func bidMinBidsTheMinimumNextBid() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let raised = await CommandHarness.run(["bid", "5", "--min", "--json"], environment: server.environment())
        #expect(raised.status == .success, "stderr: \(raised.stderr)")
        #expect(try JSONValue.parse(Array(raised.stdout.utf8))["offered"] == 1_550, "1,050 + the minimum raise 500")
        let plain = await CommandHarness.run(["bid", "6", "--min"], environment: server.environment())
        #expect(plain.stdout == "accepted: product 6 is now 1,110\n", "without a minimum raise: the increment table's 50 at 1,060")
    }

    @Test func bidNeedsAPriceOrMinButNotBoth() async {
        let both = await CommandHarness.run(["bid", "5", "100", "--min"])
        #expect(both.status == .usage)
        #expect(both.stderr.hasPrefix("auction: give <price> or `--min`, not both\n"))
        let neither = await CommandHarness.run(["bid", "5"])
        #expect(neither.status == .usage)
        #expect(neither.stderr.hasPrefix("auction: `bid` needs <price> (or +N, `--min`, or `--max N` alone)\n"))
    }

    @Test func aRefusedBidNamesTheServersMinimum() {
        #expect(BidReport.belowMinimumText(minimum: 446_000, current: 441_000)
            == "refused: the minimum next bid is 446,000 (current price 441,000)")
    }
}

/// The time-left column and the countdown, at a fixed time.
@Suite struct TimeLeftRenderingTests {
    let now = Timestamp(millisecondsSinceEpoch: 1_800_000_000_000)

    private func product(_ id: Int, endsIn milliseconds: Int64?, closed: Bool = false) -> Product {
        Product(id: ProductID(id), name: "Item \(id)", startPrice: 1_000, currentPrice: 1_500, lastChange: 500, direction: .up,
                auctionDate: "2027-01-15", endsAt: milliseconds.map { now.adding(milliseconds: $0) }, isClosed: closed)
    }

    @Test func listShowsTimeLeftAndUrgentInRed() {
        let products = [product(1, endsIn: 8_040_000), product(2, endsIn: 48_000), product(3, endsIn: nil), product(4, endsIn: 10, closed: true)]
        let plain = ListTable.render(products, width: nil, color: false, now: now)
        #expect(plain[0].hasSuffix("  LEFT"))
        #expect(plain[1].hasSuffix("2h 14m"))
        #expect(plain[2].hasSuffix("  48 s"))
        #expect(plain[3].hasSuffix("      "), "no end time: an empty cell")
        #expect(plain[4].hasSuffix(" ended"))
        let coloured = ListTable.render(products, width: 80, color: true, now: now)
        #expect(coloured[2].hasSuffix(ANSI.red + "  48 s" + ANSI.reset))
        #expect(!coloured[1].contains(ANSI.red))
        #expect(coloured.dropFirst().allSatisfy { TerminalText.width($0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)) <= 80 })
    }

    @Test func showCountsDownAndSaysWhenItEnded() {
        let open = ProductDetail(product: product(1, endsIn: 8_040_000), sellerName: "s", description: "", listedAt: nil, priceHistory: [])
        let lines = ProductDetailView.render(open, width: 80, color: false, now: now)
        #expect(lines.contains { $0.hasPrefix("Ends") && $0.hasSuffix("(2h 14m left)") }, "\(lines)")
        // Past its end, not yet closed: the status is the server's (`ending`), never worked out from the client's clock.
        var ended = product(2, endsIn: -1_000)
        ended.status = .ending
        let passed = ProductDetailView.render(ProductDetail(product: ended, sellerName: "s", description: "", listedAt: nil, priceHistory: []),
                                              width: 80, color: false, now: now)
        #expect(passed.filter { $0.hasPrefix("Status") } == ["Status    ending"], "\(passed)")
        ended.status = nil
        let unstated = ProductDetailView.render(ProductDetail(product: ended, sellerName: "s", description: "", listedAt: nil, priceHistory: []),
                                                width: 80, color: false, now: now)
        #expect(!unstated.contains { $0.hasPrefix("Status") }, "a source that states no status gets none made up: \(unstated)")
        ended.isClosed = true
        ended.winner = "alice"
        ended.status = .sold
        let won = ProductDetailView.render(ProductDetail(product: ended, sellerName: "s", description: "", listedAt: nil, priceHistory: []),
                                           width: 80, color: false, now: now)
        #expect(won.contains("Status    sold — won by al…e at 1,500"))
        let own = ProductDetailView.render(ProductDetail(product: ended, sellerName: "s", description: "", listedAt: nil, priceHistory: []),
                                           width: 80, color: false, now: now, viewer: "Alice")
        #expect(own.contains("Status    sold — won by alice (you) at 1,500"), "the winner sees their own name: \(own)")
        #expect(!won.contains { $0.contains("left)") })
    }
}
