import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// `auction bid`'s idempotency key and its one retry: the same key after a dropped connection, exit 4
/// only when the retry gets no answer either.
@Suite struct CommandBidRetryTests {
    private static func key(_ message: ClientMessage) -> String? {
        switch message {
        case .bid(let bid, _): bid.idempotencyKey
        case .buyNow(_, let key): key
        default: nil
        }
    }

    @Test func aDroppedConnectionIsRetriedOnceWithTheSameKey() async throws {
        let server = try BiddingFakeServer { message, attempt, frame in
            guard attempt > 0, case .bid(let bid, _) = message else { return .close }
            return BiddingFakeServer.reply(to: frame, result: true, price: bid.price)
        }
        let run = await CommandHarness.run(["bid", "5", "35,000", "--yes"], environment: server.environment())
        let requests = server.requests
        await server.stop()

        #expect(run.status == .success, "stderr: \(run.stderr)")
        #expect(run.stdout == "accepted: product 5 is now 35,000\n")
        #expect(requests.count == 2)
        let keys = requests.map(Self.key)
        #expect(keys[0] != nil && keys[0] == keys[1])
        #expect(keys[0]?.utf8.count == 32 && keys[0]?.allSatisfy(\.isHexDigit) == true)
    }

    @Test func noAnswerToTheRetryEitherIsAnUnknownOutcome() async throws {
        let server = try BiddingFakeServer { _, _, _ in .ignore }
        let run = await CommandHarness.run(["bid", "5", "35,000", "--yes"], environment: server.environment(["AUCTION_TIMEOUT": "0.5"]))
        let requests = server.requests
        await server.stop()

        #expect(run.status == .unknownOutcome, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("outcome unknown"))
        #expect(requests.count == 2)
        #expect(requests.map(Self.key)[0] == requests.map(Self.key)[1])
    }

    @Test func everyBidCarriesAFreshKey() async throws {
        let server = try BiddingFakeServer { message, _, frame in
            guard case .bid(let bid, _) = message else { return .ignore }
            return BiddingFakeServer.reply(to: frame, result: true, price: bid.price)
        }
        let first = await CommandHarness.run(["bid", "5", "35,000", "--yes"], environment: server.environment())
        let second = await CommandHarness.run(["bid", "5", "36,000", "--yes"], environment: server.environment())
        let keys = server.requests.map(Self.key)
        await server.stop()

        #expect(first.status == .success && second.status == .success)
        #expect(keys.count == 2 && keys[0] != nil && keys[1] != nil && keys[0] != keys[1])
    }

    @Test func aBuyIsRetriedOnceWithTheSameKey() async throws {
        let server = try BiddingFakeServer { _, attempt, frame in
            attempt == 0 ? .close : BiddingFakeServer.reply(to: frame, result: true, price: 99_000)
        }
        server.catalogue.details.withLock { $0[4].product.buyNowPrice = 99_000 }
        let run = await CommandHarness.run(["buy", "5", "--yes"], environment: server.environment())
        let requests = server.requests
        await server.stop()

        #expect(run.status == .success, "stderr: \(run.stderr)")
        #expect(run.stdout == "bought: product 5 for 99,000\n")
        #expect(requests.count == 2)
        #expect(requests.first == .buyNow(5, idempotencyKey: requests.first.flatMap(Self.key)))
        #expect(requests.map(Self.key)[0] == requests.map(Self.key)[1])
    }
}
