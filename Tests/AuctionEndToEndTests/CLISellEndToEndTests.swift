import AuctionImage
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

    /// The whole seller's path against the real server: sell with a real PNG, see it in `mine --selling`,
    /// edit it, withdraw it. A server without selling yet (POST /products answered 405) ends the test
    /// after checking the CLI says so; with selling on the server every step must work.
    @Test func sellEditWithdrawAgainstTheRealServer() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let sam = try await AccountEndToEndTests.register("sam", on: server, in: directory)
        let picture = directory.file("lamp.png")
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        try Data(try PNGEncoder.encode(RGBAImage(width: 4, height: 4, pixels: pixels))).write(to: URL(fileURLWithPath: picture))

        let sell = try await sam.run(["sell", "--name", "Brass lamp", "--start-price", "9,000", "--duration", "2h",
                                      "--description", "bright", "--image", picture, "--reserve", "10,000", "--json"])
        if sell.status == 2 {
            #expect(sell.stderr.contains("`auction sell` is not supported by this server"), "\(sell.stderr)")
            return
        }
        #expect(sell.status == 0, "\(sell.stderr)")
        let id = try #require((try JSONSerialization.jsonObject(with: Data(sell.stdout.utf8)) as? [String: Any])?["id"] as? Int)

        let mine = try await sam.run(["mine", "--selling"])
        #expect(mine.status == 0 && mine.stdout.contains("Brass lamp") && mine.stdout.contains("open · 0 bids · reserve not met"),
                "\(mine.stdout)\(mine.stderr)")
        let edit = try await sam.run(["edit", String(id), "--name", "Brass lamp, polished", "--image", picture])
        #expect(edit.status == 0, "\(edit.stderr)")
        let show = try await sam.run(["show", String(id), "--json"])
        #expect(show.stdout.contains("Brass lamp, polished"), "\(show.stdout)")
        let withdraw = try await sam.run(["withdraw", String(id), "--yes"])
        #expect(withdraw.status == 0, "\(withdraw.stderr)")
        let after = try await sam.run(["mine", "--selling", "--json"])
        #expect(after.stdout.contains(#""status":"withdrawn""#), "\(after.stdout)")
        let again = try await sam.run(["withdraw", "999999", "--yes"])
        #expect(again.status == 1, "\(again.stderr)")
    }
}
