import AuctionCLI
import AuctionTestSupport
import AuctionCore
import AuctionInfrastructure
import Testing

@Suite struct CommandBidTests {
    @Test func acceptedBidPrintsTheNewPrice() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "5", "35,000", "--yes"], environment: server.environment())
        #expect(run.status == .success, "stderr: \(run.stderr)")
        #expect(run.stdout == "accepted: product 5 is now 35,000\n")
        #expect(server.received.withLock { $0 }.map(\.withoutIdempotencyKey).contains(.bid(Bid(productID: 5, price: 35_000), userID: nil)))
    }

    @Test func tooLowBidSaysWhyAndTheCurrentPrice() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "5", "100"], environment: server.environment())
        #expect(run.status == .refused)
        // This server's refusal names no minimum (as the original's): the client asks the catalogue, which
        // states it (1,050 + the table's 50); the client works out nothing itself.
        #expect(run.stdout == "refused: the minimum next bid is 1,100 (current price 1,050)\n")
    }

    @Test func unknownProductIsRefused() async throws {
        let server = try CommandTestServer(products: 20)
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "99", "35000", "--json", "--yes"], environment: server.environment())
        #expect(run.status == .refused)
        let json = try JSONValue.parse(Array(run.stdout.utf8))
        #expect(json["outcome"] == "refused")
        #expect(json["reason"] == "unknown_product")
        #expect(json["product_id"] == 99)
    }

    @Test func noReplyIsAnUnknownOutcome() async throws {
        let server = try CommandTestServer(products: 20, mode: .silent)
        defer { server.stop() }
        // As our server (no probing): the unanswered hello is taken as ours, the bid goes out and no reply comes.
        let run = await CommandHarness.run(["bid", "5", "35000", "--yes"],
                                           environment: server.environment(["AUCTION_TIMEOUT": "0.3", "AUCTION_DIALECT": "auction"]))
        #expect(run.status == .unknownOutcome)
        #expect(run.stderr.contains("outcome unknown"))
        #expect(run.stdout.isEmpty)
    }

    @Test func withoutALoginOurServerRefusesAndTheMessageSaysHowToLogIn() async throws {
        let server = try CommandTestServer(products: 20, mode: .requiresLogin(token: "secret"))
        defer { server.stop() }
        let run = await CommandHarness.run(["bid", "5", "35000", "--yes"], environment: server.environment())
        #expect(run.status == .refused)
        #expect(run.stderr.contains("auction login <name>"))
    }

    @Test func unreachableSocketExitsThree() async throws {
        await LoopbackPort.withRefusing { port in
            let run = await CommandHarness.run(["bid", "5", "35000"], environment: ["AUCTION_SOCKET": "127.0.0.1:\(port)"])
            #expect(run.status == .unreachable)
            #expect(run.stderr == "auction: cannot reach 127.0.0.1:\(port): connection refused — is the server running there, and is the address right?\n")
        }
    }

    @Test func badPricesAreUsageErrors() async {
        for price in ["35.000", "-5", "3,50,00", "abc", "0"] {
            let run = await CommandHarness.run(["bid", "5", price])
            #expect(run.status == .usage, "price \(price)")
            #expect(run.stderr.contains("<price> must be a positive whole amount"), "price \(price)")
        }
    }
}
