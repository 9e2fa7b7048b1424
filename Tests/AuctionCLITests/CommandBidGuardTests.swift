import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// The fat-finger guard and `--max`: a bid or maximum more than 20% above the current price is asked
/// about on a terminal and never sent from a pipe without `--yes`; a maximum below the bid is refused locally.
@Suite struct CommandBidGuardTests {
    private static func bids(_ server: CommandTestServer) -> [Bid] {
        server.received.withLock { $0 }.compactMap { if case .bid(let bid, _) = $0 { bid } else { nil } }
    }

    @Test func aFarHigherBidFromAPipeIsNotSent() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "5", "35,000"], environment: server.environment())
        #expect(run.status == .notConfirmed)
        #expect(run.stderr == "auction: product 5 is at 1,050: your bid 35,000 is 3233% above it, and there is no terminal to "
            + "confirm it on: nothing was sent (add --yes to go ahead)\n")
        #expect(Self.bids(server).isEmpty)
    }

    @Test func onATerminalTheQuestionDecides() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let asked = Mutex<[String]>([])
        let declined = await CommandHarness.run(["bid", "5", "35,000"], environment: server.environment(),
                                                confirm: { question in asked.withLock { $0.append(question) }; return false })
        #expect(declined.status == .notConfirmed)
        #expect(declined.stderr == "auction: not confirmed: nothing was sent\n")
        #expect(Self.bids(server).isEmpty)

        let accepted = await CommandHarness.run(["bid", "5", "35,000"], environment: server.environment(), confirm: { _ in true })
        #expect(accepted.status == .success, "stderr: \(accepted.stderr)")
        #expect(Self.bids(server).map(\.price) == [35_000])
        #expect(asked.withLock { $0 } == ["product 5 is at 1,050: your bid 35,000 is 3233% above it. Bid anyway? [y/N] "])
    }

    @Test func aBidWithinTwentyPercentIsNotAsked() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "5", "1,260"], environment: server.environment(), confirm: { _ in
            Issue.record("asked")
            return false
        })
        #expect(run.status == .success, "stderr: \(run.stderr)")
        #expect(Self.bids(server).map(\.price) == [1_260])
    }

    @Test func theMinimumNextBidIsNeverAsked() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "5", "--min"], environment: server.environment())
        #expect(run.status == .success, "stderr: \(run.stderr)")
    }

    @Test func aMaximumBelowTheBidIsAUsageErrorAndNothingIsSent() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "5", "2,000", "--max", "1,500", "--yes"], environment: server.environment())
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("auction: --max 1,500 is below the bid 2,000: the maximum must be at least the bid; nothing was sent\n"))
        #expect(server.received.withLock { $0 }.isEmpty)
        let bad = await CommandHarness.run(["bid", "5", "2,000", "--max", "-3"])
        #expect(bad.status == .usage)
        #expect(bad.stderr.contains("--max must be a positive whole amount"))
    }

    @Test func aMaximumNeedsAServerThatTakesProxyBids() async throws {
        let server = try BiddingFakeServer(features: [.closing, .chat, .errors, .subscribe, .login]) { _, _, frame in
            BiddingFakeServer.reply(to: frame, result: true, price: 1_100)
        }
        let run = await CommandHarness.run(["bid", "5", "1,100", "--max", "1,200"], environment: server.environment())
        let requests = server.requests
        await server.stop()
        #expect(run.status == .usage)
        #expect(run.stderr.contains("--max needs a server that takes proxy bids; the server at 127.0.0.1:"))
        #expect(run.stderr.contains("does not offer proxy-bids; nothing was sent"))
        #expect(requests.isEmpty)
    }

    @Test func withoutKeysKeptByTheServerALostAnswerIsNotRetried() async throws {
        let server = try BiddingFakeServer(features: [.closing, .chat, .errors, .subscribe, .login]) { _, _, _ in .close }
        let run = await CommandHarness.run(["bid", "5", "1,100", "--yes"], environment: server.environment())
        let requests = server.requests
        await server.stop()
        #expect(run.status == .unknownOutcome)
        #expect(requests.count == 1)
    }

    @Test func aFarHigherMaximumIsAskedAboutToo() async throws {
        let server = try BiddingFakeServer { _, _, frame in BiddingFakeServer.reply(to: frame, result: true, price: 1_100) }
        let run = await CommandHarness.run(["bid", "5", "1,100", "--max", "5,000"], environment: server.environment())
        let requests = server.requests
        await server.stop()
        #expect(run.status == .notConfirmed)
        #expect(run.stderr.contains("your maximum 5,000 is 376% above it"))
        #expect(requests.isEmpty)
    }

    @Test func aProxyBidSendsItsMaximumAndSaysWhetherItLeads() async throws {
        let server = try BiddingFakeServer { _, _, frame in
            BiddingFakeServer.reply(to: frame, result: true, price: 1_100,
                                    fields: JSONObject([("leading", .bool(true)), ("your_maximum", .int(5_000))]))
        }
        let run = await CommandHarness.run(["bid", "5", "1,100", "--max", "5,000", "--yes"], environment: server.environment())
        let json = await CommandHarness.run(["bid", "5", "1,100", "--max", "5,000", "--yes", "--json"], environment: server.environment())
        let requests = server.requests
        await server.stop()
        #expect(run.status == .success, "stderr: \(run.stderr)")
        #expect(run.stdout == "accepted: you lead product 5 at 1,100 (your maximum 5,000 stays secret)\n", "the server's figures")
        guard case .bid(let bid, _)? = requests.first else { Issue.record("no bid"); return }
        #expect(bid.maximum == 5_000)
        let object = try JSONValue.parse(Array(json.stdout.utf8))
        #expect(object["maximum"] == 5000)
        #expect(object["leading"] == true)
    }

    @Test func outbidByProxySaysTheNewPriceAndTheMinimum() async throws {
        let server = try BiddingFakeServer { _, _, frame in
            BiddingFakeServer.reply(to: frame, result: false, reason: .outbidByProxy, price: 1_300,
                                    fields: JSONObject([("minimum_bid", .int(1_301))]))
        }
        let run = await CommandHarness.run(["bid", "5", "1,200", "--yes"], environment: server.environment())
        await server.stop()
        #expect(run.status == .refused)
        #expect(run.stdout == "refused: outbid — another bidder's maximum answered; product 5 is now 1,300, the minimum next bid is 1,301\n")
    }

    @Test func buyNowUnavailableIsARefusal() async throws {
        let server = try BiddingFakeServer { _, _, frame in
            BiddingFakeServer.reply(to: frame, result: false, reason: .buyNowUnavailable, price: 1_300)
        }
        server.catalogue.details.withLock { $0[4].product.buyNowPrice = 9_000 }
        let run = await CommandHarness.run(["buy", "5", "--yes"], environment: server.environment())
        await server.stop()
        #expect(run.status == .refused)
        #expect(run.stdout == "refused: \(RefusalReason.buyNowUnavailable.explanation) (current price 1,300)\n")
    }

    @Test func aBuyAsksFirstAndNeverBuysFromAPipe() async throws {
        let server = try BiddingFakeServer { _, _, frame in BiddingFakeServer.reply(to: frame, result: true, price: 9_000) }
        server.catalogue.details.withLock { $0[4].product.buyNowPrice = 9_000 }
        let piped = await CommandHarness.run(["buy", "5"], environment: server.environment())
        let asked = Mutex<[String]>([])
        let declined = await CommandHarness.run(["buy", "5"], environment: server.environment(),
                                                confirm: { question in asked.withLock { $0.append(question) }; return false })
        let bought = await CommandHarness.run(["buy", "5", "--json"], environment: server.environment(), confirm: { _ in true })
        let requests = server.requests
        await server.stop()
        #expect(piped.status == .notConfirmed)
        #expect(piped.stderr.contains("buying product 5 (Item 5) now for 9,000 needs confirming"))
        #expect(declined.status == .notConfirmed)
        #expect(asked.withLock { $0 } == ["Buy product 5 (Item 5) now for 9,000? [y/N] "])
        #expect(bought.status == .success, "stderr: \(bought.stderr)")
        let object = try JSONValue.parse(Array(bought.stdout.utf8))
        #expect(object["outcome"] == "accepted")
        #expect(object["price"] == 9000)
        #expect(requests.count == 1)
    }

    @Test func aProductWithoutBuyNowIsRefusedWithoutSending() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["buy", "5", "--yes"], environment: server.environment())
        #expect(run.status == .refused)
        #expect(run.stderr.contains("product 5 cannot be bought now: it has no buy-now price"))
        #expect(server.received.withLock { $0 }.isEmpty)
    }
}
