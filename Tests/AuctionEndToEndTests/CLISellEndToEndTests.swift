import AuctionTestSupport
import Foundation
import Testing

/// `auction sell`, `edit`, `withdraw` with the real binary where no server is needed: every local
/// check refuses before any connection is tried (the endpoint points at a closed port).
@Suite struct CLISellEndToEndTests {
    private let closed = ["AUCTION_HTTP": "http://127.0.0.1:1", "AUCTION_SOCKET": "127.0.0.1:1"]

    @Test func badValuesExitTwoWithoutTouchingTheNetwork() async throws {
        for (arguments, message) in [
            (["sell", "--name", "Lamp", "--start-price", "10", "--duration", "31d"], "between 1 minute and 30 days"),
            (["sell", "--name", "Lamp", "--start-price", "10,00", "--duration", "1h"], "`--start-price` must be a whole amount"),
            (["sell", "--name", "Lamp", "--start-price", "10", "--duration", "1h", "--reserve", "5"], "must be at least the start price"),
            (["sell", "--name", "Lamp", "--start-price", "10", "--ends-at", "2001-01-01T00:00Z"], "is in the past"),
            (["edit", "3", "--image", "/nonexistent/lamp.png"], "no such file"),
        ] {
            let run = try await CLI.run(arguments, environment: closed)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message) && run.stderr.contains("nothing was sent"), "\(run.stderr)")
            #expect(!run.stderr.contains("unreachable"))
        }
    }

    @Test func withdrawOnAPipeIsNeverImplicit() async throws {
        let run = try await CLI.run(["withdraw", "3"], environment: closed, stdin: "y\n")
        #expect(run.status == 5, "\(run.stderr)")
        #expect(run.stderr.contains("nothing was sent"))
    }

    @Test func helpDescribesSelling() async throws {
        let run = try await CLI.run(["help", "sell"])
        #expect(run.status == 0)
        for option in ["--name", "--start-price", "--duration", "--ends-at", "--description-file", "--image", "--reserve", "--buy-now"] {
            #expect(run.stdout.contains(option), "\(option)")
        }
    }
}
