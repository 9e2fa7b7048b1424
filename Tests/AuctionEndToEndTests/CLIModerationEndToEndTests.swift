import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Issue 23: `auction report`, `auction mod reports`, `auction mod resolve` and `auction mod log` with the real
/// binaries: a real `auction-server` on loopback over its real SQLite file.
@Suite(.serialized) struct CLIModerationEndToEndTests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @Test func aUserReportsALotAndAModeratorListsResolvesAndReadsTheLog() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let dora = try await AccountEndToEndTests.register("dora", on: server, in: directory)
        let grant = try await offPool { try ProcessRunner.run(BuildProducts.executable("auction-server"), ["admin", "grant", "dora", "--db", server.databasePath]) }
        #expect(grant.status == 0, "\(grant.stderr)")

        let report = try await alice.run(["report", "3", "--reason", "looks counterfeit"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasPrefix("lot 3 reported (report 1)"), "\(report.stdout)")
        let again = try await alice.run(["report", "3", "--reason", "really"])
        #expect(again.status == 0 && again.stdout == "you already reported lot 3; the moderators have it\n", "\(again.stdout) \(again.stderr)")
        let unknown = try await alice.run(["report", "99999", "--reason", "gone"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no lot 99999"), "\(unknown.stderr)")
        let escape = try await alice.run(["report", "4", "--reason", "red \u{1B}[31m"])
        #expect(escape.status == 1 && escape.stderr.contains("control characters") && !escape.stderr.contains("\u{1B}"), "\(escape.stderr)")

        let refused = try await alice.run(["mod", "reports"])
        #expect(refused.status == 1 && refused.stderr.contains("you are not a moderator"), "\(refused.stderr)")
        let table = try await dora.run(["mod", "reports"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("ID") && lines[1].contains("alice") && lines[1].hasSuffix("looks counterfeit"), "\(table.stdout)")
        let listed = Self.json(try await dora.run(["mod", "reports", "--json"]).stdout)["reports"] as? [[String: Any]] ?? []
        #expect(listed.compactMap { $0["product_id"] as? Int } == [3] && listed.first?["reporter"] as? String == "alice")

        let resolve = try await dora.run(["mod", "resolve", "1", "--reason", "seller asked for proof"])
        #expect(resolve.status == 0 && resolve.stdout == "report 1 resolved (log entry 1)\n",
                "\(resolve.stdout) \(resolve.stderr)")
        let twice = try await dora.run(["mod", "resolve", "1", "--reason", "again"])
        #expect(twice.status == 0 && twice.stdout == "report 1 was already resolved by dora\n", "\(twice.stdout) \(twice.stderr)")
        let missing = try await dora.run(["mod", "resolve", "42", "--reason", "nothing"])
        #expect(missing.status == 1 && missing.stderr.contains("no report 42"), "\(missing.stderr)")
        #expect(try await dora.run(["mod", "reports"]).stderr.contains("no open reports"))
        let resolvedTable = try await dora.run(["mod", "reports", "--all"])
        #expect(resolvedTable.stdout.contains("by dora: seller asked for proof"), "\(resolvedTable.stdout)")

        let log = try await dora.run(["mod", "log"])
        #expect(log.status == 0, "\(log.stderr)")
        let logLines = log.stdout.split(separator: "\n").map(String.init)
        #expect(logLines.count == 2 && logLines[1].contains("dora") && logLines[1].contains("resolve_report")
                && logLines[1].contains("lot 3, report 1") && logLines[1].hasSuffix("seller asked for proof"), "\(log.stdout)")
        let entries = Self.json(try await dora.run(["mod", "log", "--json"]).stdout)["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == 1 && entries.first?["action"] as? String == "resolve_report" && entries.first?["report_id"] as? Int == 1)
        #expect((Self.json(try await dora.run(["mod", "log", "--lot", "3", "--json"]).stdout)["entries"] as? [Any])?.count == 1)
        #expect((Self.json(try await dora.run(["mod", "log", "--user", "dora", "--json"]).stdout)["entries"] as? [Any])?.count == 1)
        let none = try await dora.run(["mod", "log", "--user", "alice"])
        #expect(none.status == 0 && none.stderr.contains("no entries that match"), "\(none.stderr)")
        #expect(try await alice.run(["mod", "log"]).stderr.contains("you are not a moderator"))
    }

    @Test func aMissingReasonIsRefusedWithoutTouchingTheNetwork() async throws {
        let directory = try TemporaryDirectory(prefix: "auction-cli-mod")
        defer { directory.remove() }
        // Nothing listens on port 1: a request would fail with exit 3, not the usage error's 2.
        let environment = ["AUCTION_HTTP": "http://127.0.0.1:1", "AUCTION_SOCKET": "127.0.0.1:1",
                           "XDG_CONFIG_HOME": directory.path, "HOME": directory.path]
        for arguments in [["mod", "remove-lot", "5"], ["mod", "suspend", "bob", "--for", "7d"], ["report", "5"]] {
            let result = try await CLI.run(arguments, environment: environment)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("a reason is required"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func onATwoNodePostgreSQLClusterAReportThroughNodeAIsResolvedThroughNodeBAndLoggedForBoth() async throws {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        let url = fixture.url
        let cluster = try await offPool { try ClusterFixture(nodes: 2, storeURL: url) }
        defer { cluster.stop() }
        let (a, b) = (cluster.httpPorts[0], cluster.httpPorts[1])
        let alice = try await ModeratorRoleEndToEndTests.register("alice", port: a)
        let dora = try await ModeratorRoleEndToEndTests.register("dora", port: b)
        #expect(try await ModeratorRoleEndToEndTests.admin(["grant", "dora", "--store", url]).status == 0)
        func post(_ port: Int, _ path: String, _ reason: String, _ token: String) async throws -> LoopbackHTTP.Answer {
            try #require(await offPool { LoopbackHTTP.exchange(port: port, "POST", path, json: #"{"reason":"\#(reason)"}"#, bearer: token) })
        }
        let created = try await post(a, "/products/2/report", "fake", alice)
        #expect(created.status == 201, "\(created)")
        #expect(try await post(b, "/products/2/report", "fake again", alice).status == 200, "the open report is seen on node B")
        let listed = try await ModeratorRoleEndToEndTests.get(b, "/moderation/reports", token: dora)
        #expect(listed.status == 200 && listed.body.contains(#""reporter":"alice""#), "\(listed)")
        let id = try #require(try JSONValue.parse(Array(listed.body.utf8))["reports"]?.arrayValue?.first?["id"]?.intValue)
        let resolved = try await post(b, "/moderation/reports/\(id)/resolve", "removed the photos", dora)
        #expect(resolved.status == 200 && resolved.body.contains(#""changed":true"#), "\(resolved)")
        let twice = try await post(a, "/moderation/reports/\(id)/resolve", "again", dora)
        #expect(twice.status == 200 && twice.body.contains("already resolved by dora"), "\(twice)")
        let log = try await ModeratorRoleEndToEndTests.get(a, "/moderation/log?lot=2", token: dora)
        let entries = try JSONValue.parse(Array(log.body.utf8))["entries"]?.arrayValue ?? []
        #expect(entries.count == 1 && entries.first?["action"] == "resolve_report" && entries.first?["report_id"]?.intValue == id, "\(log)")
        #expect(try await ModeratorRoleEndToEndTests.get(a, "/moderation/log", token: alice).status == 403)
    }
}

extension CLIModerationEndToEndTests {
    /// `auction mod retract`, `remove-lot`, `suspend` and `unsuspend` with the real binaries against a real
    /// server: the retracted bid struck out in `auction show`, the lot repriced, the removed lot's detail
    /// and refusal in words, the suspended bidder's saved session refused.
    @Test func aModeratorRetractsRemovesAndSuspendsWithTheRealBinaries() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        let dora = try await AccountEndToEndTests.register("dora", on: server, in: directory)
        let grant = try await offPool { try ProcessRunner.run(BuildProducts.executable("auction-server"), ["admin", "grant", "dora", "--db", server.databasePath]) }
        #expect(grant.status == 0, "\(grant.stderr)")
        #expect(try await alice.run(["bid", "5", "9,000,000", "--yes"]).status == 0)
        #expect(try await bob.run(["bid", "5", "9,500,000", "--yes"]).status == 0)
        let shown = Self.json(try await dora.run(["show", "5", "--json"]).stdout)
        let bids = shown["bids"] as? [[String: Any]] ?? []
        let bobs = try #require(bids.first?["id"] as? Int, "\(shown)")

        let retract = try await dora.run(["mod", "retract", "\(bobs)", "--reason", "typed one zero too many"])
        #expect(retract.status == 0, "\(retract.stderr)")
        #expect(retract.stdout.contains("9,000,000"), "\(retract.stdout)")
        let after = try await dora.run(["show", "5"])
        #expect(after.stdout.contains("retracted"), "\(after.stdout)")
        let repriced = try await dora.run(["show", "5", "--json"]).stdout
        #expect(repriced.contains("9000000"), "\(repriced)")
        let again = try await dora.run(["mod", "retract", "\(bobs)", "--reason", "again"])
        #expect(again.status == 0 && again.stdout.contains("nothing changed"), "\(again.stdout)")

        let remove = try await dora.run(["mod", "remove-lot", "5", "--reason", "counterfeit"])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try await alice.run(["show", "5"]).stdout.contains("removed by moderation: counterfeit"))
        #expect(Self.json(try await alice.run(["show", "5", "--json"]).stdout)["removed_reason"] as? String == "counterfeit")
        let refused = try await alice.run(["bid", "5", "10,000,000", "--yes"])
        #expect(refused.status == 1 && (refused.stderr + refused.stdout).contains("removed this lot"), "\(refused.stdout) \(refused.stderr)")
        #expect(try await alice.run(["mod", "remove-lot", "6", "--reason", "x"]).stderr.contains("you are not a moderator"))

        let suspend = try await dora.run(["mod", "suspend", "bob", "--reason", "shill bidding", "--for", "1h"])
        #expect(suspend.status == 0 && suspend.stdout.contains("suspended"), "\(suspend.stdout) \(suspend.stderr)")
        let locked = try await bob.run(["bid", "6", "9,900,000", "--yes"])
        #expect(locked.status != 0, "bob's saved session ended: \(locked.stdout)")
        let lift = try await dora.run(["mod", "unsuspend", "bob", "--reason", "appeal upheld"])
        #expect(lift.status == 0, "\(lift.stderr)")
        let log = Self.json(try await dora.run(["mod", "log", "--json"]).stdout)["entries"] as? [[String: Any]] ?? []
        #expect(log.compactMap { $0["action"] as? String } == ["unsuspend", "suspend", "remove_lot", "retract_bid"], "\(log)")
    }
}

extension CLIModerationEndToEndTests {
    /// Issue 33, once end to end: suspending the leader restores the maximum their proxy refused (the
    /// lot does not fall back to its start price), the log names a bidder, and the suspended user's
    /// every command says suspended, why and until when.
    @Test func suspendingTheLeaderRestoresTheRefusedMaximumAndTheUserIsToldWhy() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let carl = try await AccountEndToEndTests.register("carl", on: server, in: directory)
        let dora = try await AccountEndToEndTests.register("dora", on: server, in: directory)
        let grant = try await offPool { try ProcessRunner.run(BuildProducts.executable("auction-server"), ["admin", "grant", "dora", "--db", server.databasePath]) }
        #expect(grant.status == 0, "\(grant.stderr)")
        #expect(try await alice.run(["bid", "6", "9,000,000", "--max", "12,000,000", "--yes"]).status == 0)
        let refused = try await carl.run(["bid", "6", "9,500,000", "--max", "11,000,000", "--yes"])
        #expect(refused.status != 0, "alice's proxy answers carl's maximum: \(refused.stdout)")

        let suspend = try await dora.run(["mod", "suspend", "alice", "--reason", "shill bidding", "--for", "1h"])
        #expect(suspend.status == 0, "\(suspend.stdout) \(suspend.stderr)")
        let shown = Self.json(try await carl.run(["show", "6", "--json"]).stdout)
        #expect(shown["price"] as? Int == 9_500_000, "carl's maximum stands again, at his own bid: \(shown)")

        let bid = try await alice.run(["bid", "6", "13,000,000", "--yes"])
        #expect(bid.status != 0 && bid.stderr.contains("suspended") && bid.stderr.contains("shill bidding"), "\(bid.stdout) \(bid.stderr)")
        let mine = try await alice.run(["mine"])
        #expect(mine.status != 0 && mine.stderr.contains("suspended") && mine.stderr.contains("shill bidding"), "\(mine.stdout) \(mine.stderr)")

        let log = Self.json(try await dora.run(["mod", "log", "--json"]).stdout)["entries"] as? [[String: Any]] ?? []
        let retraction = log.first { $0["action"] as? String == "retract_bid" }
        #expect(retraction?["reason"] as? String == "bidder suspended: shill bidding", "\(log)")
    }
}
