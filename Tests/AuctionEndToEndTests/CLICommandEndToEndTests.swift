import AuctionTestSupport
import Foundation
import Testing

/// The real `auction` binary against a real `auction-server` on loopback ports.
@Suite(.serialized) struct CLICommandEndToEndTests {
    @Test func listPrintsTheFirstPage() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let result = try await CLI.run(["list"], environment: server.clientEnvironment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        try #require(lines.count == 16, "stdout: \(result.stdout)")
        #expect(lines[0].hasPrefix("ID  NAME"))
        #expect(lines[1].hasPrefix(" 1  "))
        #expect(lines[15].hasPrefix("15  "))
    }

    @Test func listAllJSONHasTheWholeCatalogue() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let result = try await CLI.run(["list", "--all", "--json"], environment: server.clientEnvironment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let products = json?["products"] as? [[String: Any]] ?? []
        #expect(products.count > 45, "the demo catalogue spans several pages")
        let ids = products.compactMap { $0["id"] as? Int }
        #expect(ids == Array(1...products.count))
        #expect(products.allSatisfy { ($0["price"] as? Int ?? 0) >= ($0["start_price"] as? Int ?? 0) })
        #expect((json?["pages"] as? [Int])?.count == (products.count + 14) / 15)
    }

    @Test func bidAcceptedTooLowAndUnknownProduct() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let env = server.clientEnvironment
        let accepted = try await CLI.run(["bid", "5", "9,000,000", "--yes"], environment: env)
        #expect(accepted.status == 0, "stderr: \(accepted.stderr)")
        #expect(accepted.stdout == "accepted: you lead product 5 at 9,000,000\n")
        let low = try await CLI.run(["bid", "5", "9000000", "--yes"], environment: env)
        #expect(low.status == 1)
        // 9,000,000 + the table's 100,000 at that price (the one minimum rule, stated by the server).
        #expect(low.stdout == "refused: the minimum next bid is 9,100,000 (current price 9,000,000)\n")
        let unknown = try await CLI.run(["bid", "9999", "5000", "--yes"], environment: env)
        #expect(unknown.status == 1)
        #expect(unknown.stdout == "refused: there is no such product\n")
        // The accepted bid is what the catalogue now says.
        let shown = try await CLI.run(["show", "5", "--json"], environment: env)
        let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(json?["price"] as? Int == 9_000_000)
    }

    @Test func aRefusedBidNamesTheMinimumNextBidAndMinAndPlusBidIt() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let env = server.clientEnvironment
        func grouped(_ value: Int) -> String {
            let digits = String(value)
            return digits.enumerated().map { index, digit in
                (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
            }.joined()
        }
        // Product 3 of the demo catalogue has a minimum raise.
        let shown = try JSONSerialization.jsonObject(with: Data(try await CLI.run(["show", "3", "--json"], environment: env).stdout.utf8)) as? [String: Any]
        let price = try #require(shown?["price"] as? Int), raise = try #require(shown?["minimum_increment"] as? Int)
        let stated = try #require(shown?["next_minimum"] as? Int, "the server states the minimum next bid")
        try #require(raise > 1)

        // One unit below the server's figure is refused, with that figure.
        let low = try await CLI.run(["bid", "3", String(stated - 1), "--yes"], environment: env)
        #expect(low.status == 1)
        #expect(low.stdout == "refused: the minimum next bid is \(grouped(stated)) (current price \(grouped(price)))\n")
        let json = try await CLI.run(["bid", "3", String(stated - 1), "--json", "--yes"], environment: env)
        let refusal = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(refusal?["minimum_bid"] as? Int == stated)

        let minimum = try await CLI.run(["bid", "3", "--min", "--yes"], environment: env)
        #expect(minimum.status == 0, "stderr: \(minimum.stderr)")
        #expect(minimum.stdout == "accepted: you lead product 3 at \(grouped(stated))\n")
        let plus = try await CLI.run(["bid", "3", "+\(raise)", "--yes"], environment: env)
        #expect(plus.stdout == "accepted: you lead product 3 at \(grouped(stated + raise))\n", "stderr: \(plus.stderr)")
    }

    @Test func bidWithoutLoginSaysHowToLogIn() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let result = try await CLI.run(["bid", "5", "9,000,000", "--yes"], environment: server.clientEnvironment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("auction login <name>"), "stderr: \(result.stderr)")
    }

    @Test func showPrintsTheProductInFull() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let result = try await CLI.run(["show", "3"], environment: server.clientEnvironment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("#3 ") == true)
        for label in ["Seller ", "Price ", "Started ", "Ends ", "History "] {
            #expect(lines.contains { $0.hasPrefix(label) }, "missing \(label) in\n\(result.stdout)")
        }
        #expect(!result.stdout.contains("\u{1B}["), "no colour or image when piped")
        let missing = try await CLI.run(["show", "9999"], environment: server.clientEnvironment)
        #expect(missing.status == 1)
        #expect(missing.stderr == "auction: not found: product 9999\n")
    }

    @Test func serverNotRunningExitsThreeWithAnActionableMessage() async throws {
        try await LoopbackPort.withRefusing { http in
            try await LoopbackPort.withRefusing { socket in
                let env = ["AUCTION_HTTP": "http://127.0.0.1:\(http)", "AUCTION_SOCKET": "127.0.0.1:\(socket)"]
                let list = try await CLI.run(["list"], environment: env)
                #expect(list.status == 3)
                #expect(list.stderr == "auction: cannot reach 127.0.0.1:\(http): connection refused — is the server running there, and is the address right?\n")
                let bid = try await CLI.run(["bid", "1", "100", "--yes"], environment: env)
                #expect(bid.status == 3)
                #expect(bid.stderr == "auction: cannot reach 127.0.0.1:\(socket): connection refused — is the server running there, and is the address right?\n")
                let watch = try await CLI.run(["watch"], environment: env)
                #expect(watch.status == 3)
            }
        }
    }

    @Test func aBidWhoseReplyNeverComesIsAnUnknownOutcome() async throws {
        try await LoopbackPort.withSilent { port in
            // As our server (no probing): the unanswered hello is taken as ours, then the bid goes unanswered.
            let env = ["AUCTION_SOCKET": "127.0.0.1:\(port)", "AUCTION_TIMEOUT": "0.5", "AUCTION_DIALECT": "auction"]
            let result = try await CLI.run(["bid", "5", "35000", "--yes"], environment: env)
            #expect(result.status == 4)
            #expect(result.stderr == "auction: outcome unknown: the bid was sent but no answer came; check with `auction show 5`\n")
            let json = try await CLI.run(["bid", "5", "35000", "--json", "--yes"], environment: env)
            #expect(json.status == 4)
            #expect(json.stdout.contains("\"outcome\":\"unknown\""))
        }
    }

    @Test func badArgumentsExitTwoWithAReasonASuggestionAndTheUsage() async throws {
        let typo = try await CLI.run(["wacth"])
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("auction: unknown command `wacth`; did you mean `watch`?\nUsage: auction"))
        #expect(typo.stderr.split(separator: "\n").count <= 4, "a short hint, not the whole help: \(typo.stderr)")
        let option = try await CLI.run(["list", "--al"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("did you mean `--all`?"))
        let price = try await CLI.run(["bid", "5", "35.000", "--yes"])
        #expect(price.status == 2)
        #expect(price.stderr.contains("<price> must be a positive whole amount like 35000 or 35,000"))
        #expect(price.stderr.hasPrefix("auction: "), "one error prefix: \(price.stderr)")
        #expect(price.stderr.hasSuffix("Run `auction bid --help` for more.\n"), "stderr: \(price.stderr)")
        #expect(price.stderr.split(separator: "\n").count == 3, "reason, synopsis, hint: \(price.stderr)")
        let profile = try await CLI.run(["list", "--profile", "nope"])
        #expect(profile.status == 2)
        #expect(profile.stderr.contains("unknown profile `nope`"))
    }

    @Test func helpDocumentsTheExitStatusesAndVersionPrints() async throws {
        let help = try await CLI.run(["--help"])
        #expect(help.status == 0)
        for line in ["0  success", "1  refused by the server", "2  usage error", "3  server unreachable", "4  outcome unknown"] {
            #expect(help.stdout.contains(line))
        }
        let bidHelp = try await CLI.run(["bid", "--help"])
        #expect(bidHelp.status == 0 && bidHelp.stdout.hasPrefix("Usage: auction bid [options] <id> [<price>]"))
        let version = try await CLI.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("auction "))
        let server = try await CLI.blocking { try ProcessRunner.run(BuildProducts.executable("auction-server"), ["--version"]) }
        #expect(server.status == 0 && server.stdout.range(of: #"^auction-server \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil,
                "stdout: \(server.stdout) stderr: \(server.stderr)")
    }

    @Test func flagsBeatEnvironmentWhichBeatsTheConfigFile() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        let config = try TemporaryDirectory(prefix: "auction-cli-config")
        defer { config.remove() }
        try FileManager.default.createDirectory(atPath: config.file("auction"), withIntermediateDirectories: true)
        try "http = \(server.httpURL)\nsocket = \(server.socketAddress)\n".write(toFile: config.file("auction/config"), atomically: true, encoding: .utf8)
        try await LoopbackPort.withRefusing { port in
            let dead = "http://127.0.0.1:\(port)"
            let fromFile = try await CLI.run(["list"], environment: ["XDG_CONFIG_HOME": config.path])
            #expect(fromFile.status == 0, "the config file alone points at the server: \(fromFile.stderr)")
            let fromEnvironment = try await CLI.run(["list"], environment: ["XDG_CONFIG_HOME": config.path, "AUCTION_HTTP": dead])
            #expect(fromEnvironment.status == 3, "the environment beats the file")
            let fromFlag = try await CLI.run(["list", "--http", server.httpURL], environment: ["XDG_CONFIG_HOME": config.path, "AUCTION_HTTP": dead])
            #expect(fromFlag.status == 0, "the flag beats the environment: \(fromFlag.stderr)")
        }
    }
}
