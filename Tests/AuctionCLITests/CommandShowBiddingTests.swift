import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import Glibc
import Testing

/// `auction show` with the bidding rules: extensions on the end time, the reserve, buy-now and the
/// bid history from `GET /products/{id}/bids` (left out without a word where the server has none).
@Suite struct CommandShowBiddingTests {
    private static let history: [BidHistoryEntry] = [
        BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: 1_700_000_060_000), bidder: "al…e", price: 1_070, isAutomatic: true),
        BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: 1_700_000_000_000), bidder: nil, price: 1_060, isAutomatic: false),
    ]

    private static func server() throws -> BiddingFakeServer {
        let server = try BiddingFakeServer(history: { (id, _) throws(AuctionError) -> [BidHistoryEntry] in
            guard id == 7 else { throw .notFound("product") }
            return history
        }, respond: { _, _, _ in .ignore })
        server.catalogue.details.withLock { details in
            details[6].product.extensions = 2
            details[6].product.reserveMet = false
            details[6].product.buyNowPrice = 90_000
            details[6].product.bidCount = 2
        }
        return server
    }

    @Test func showTellsExtensionsReserveBuyNowAndTheBids() async throws {
        let server = try Self.server()
        let run = await CommandHarness.run(["show", "7"], environment: server.environment(["TZ": "UTC"]))
        await server.stop()
        #expect(run.status == .success, "stderr: \(run.stderr)")
        let text = run.stdout
        #expect(text.contains(" — extended 2×"), "\(text)")
        #expect(text.contains("Reserve   not met"))
        #expect(text.contains("Buy now   90,000  (auction buy 7)"))
        #expect(text.contains("Bids      2"))
        #expect(text.contains("Bids (newest first)\n"))
        #expect(text.contains("  al…e       1,070  auto\n"))
        #expect(text.contains("  anonymous  1,060\n"))
    }

    @Test func showJSONCarriesTheSame() async throws {
        let server = try Self.server()
        let run = await CommandHarness.run(["show", "7", "--json"], environment: server.environment())
        await server.stop()
        let json = try JSONValue.parse(Array(run.stdout.utf8))
        #expect(json["reserve_met"] == false)
        #expect(json["buy_now_price"] == 90_000)
        #expect(json["extensions"] == 2)
        #expect(json["bid_count"] == 2)
        #expect(json["bids"]?.arrayValue?.count == 2)
        #expect(json["bids"]?.arrayValue?.first?["bidder"] == "al…e")
        #expect(json["bids"]?.arrayValue?.first?["automatic"] == true)
        #expect(json["bids"]?.arrayValue?.last?["bidder"] == .null)
    }

    @Test func withoutTheEndpointTheSectionIsLeftOutSilently() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["show", "7"], environment: server.environment())
        let json = await CommandHarness.run(["show", "7", "--json"], environment: server.environment())
        #expect(run.status == .success && run.stderr.isEmpty)
        #expect(!run.stdout.contains("Bids") && !run.stdout.contains("Reserve") && !run.stdout.contains("Buy now"))
        #expect(try JSONValue.parse(Array(json.stdout.utf8))["bids"] == nil)
        #expect(try JSONValue.parse(Array(json.stdout.utf8))["reserve_met"] == .null)
    }
}

/// The yes/no question on a real pseudo-terminal, and the 20% rule.
@Suite struct ConfirmationTests {
    @Test func onlyYesConfirmsOnARealTerminal() throws {
        for (typed, expected) in [("y\n", true), ("YES\n", true), (" yes \r\n", true), ("\n", false), ("no\n", false), ("yess\n", false)] {
            let terminal = try #require(PseudoTerminal())
            _ = typed.withCString { write(terminal.leader, $0, strlen($0)) }
            let answer = ConfirmationPrompt.ask("Bid anyway? [y/N] ", input: terminal.follower, output: terminal.follower)
            #expect(answer == expected, "typed \(typed.debugDescription)")
            #expect(String(decoding: terminal.drainLeader(), as: UTF8.self).contains("Bid anyway? [y/N] "))
        }
    }

    @Test func theEndOfInputDeclines() throws {
        var pipe: [Int32] = [-1, -1]
        #expect(Glibc.pipe(&pipe) == 0)
        close(pipe[1])
        defer { close(pipe[0]) }
        #expect(!ConfirmationPrompt.ask("? ", input: pipe[0], output: open("/dev/null", O_WRONLY | O_CLOEXEC)))
    }

    @Test func amountsMoreThanTwentyPercentAboveNeedConfirming() {
        let guardRule = PriceGuard(current: 10_000)
        #expect(!guardRule.exceeds(12_000))
        #expect(guardRule.exceeds(12_001))
        #expect(guardRule.percentAbove(15_000) == 50)
        #expect(guardRule.phrases(price: 12_000, maximum: nil).isEmpty)
        #expect(guardRule.phrases(price: 12_500, maximum: 30_000) == ["your bid 12,500 is 25% above it", "your maximum 30,000 is 200% above it"])
        #expect(guardRule.phrases(price: nil, maximum: 11_000).isEmpty)
        #expect(PriceGuard(current: .zero).phrases(price: 1, maximum: nil) == ["your bid 1 is far above it"])
        #expect(!PriceGuard(current: Money(Int64.max)).exceeds(Money(Int64.max)))
        #expect(PriceGuard(current: 1).exceeds(Money(Int64.max)))
    }

    @Test func idempotencyKeysAreThirtyTwoFreshHexDigits() throws {
        let keys = try (0..<50).map { _ in try SystemRandom.hex(16) }
        #expect(Set(keys).count == 50)
        #expect(keys.allSatisfy { $0.utf8.count == 32 && $0.allSatisfy(\.isHexDigit) && IdempotencyKeyRule.admits($0) })
    }
}
