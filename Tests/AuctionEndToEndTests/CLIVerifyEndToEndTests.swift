import AuctionTestSupport
import Foundation
import Testing

/// `auction verify` and `scripts/verify-log` against a real `auction-server`: a proxy battle between
/// two users, each user's receipts kept by their own `auction bid`, and the log checked by both verifiers.
@Suite(.serialized) struct CLIVerifyEndToEndTests {
    /// `scripts/verify-log`, the verifier written from PROTOCOL.md alone.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/verify-log").path

    @Test func aProxyBattleVerifiesWithEachBiddersReceipts() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        // Given alice's proxy, bob's challenge it answers, and bob's bid over her maximum
        #expect(try await alice.run(["bid", "4", "9,000,000", "--max", "9,900,000", "--yes"]).status == 0)
        #expect(try await bob.run(["bid", "4", "9,200,000", "--yes"]).status == 1)
        let over = try await bob.run(["bid", "4", "10,000,000", "--yes"])
        #expect(over.status == 0, "stderr: \(over.stderr)")
        // When each verifies the lot, then it verifies with their own bids in it
        let byAlice = try await alice.run(["verify", "4"])
        #expect(byAlice.status == 0, "stdout: \(byAlice.stdout) stderr: \(byAlice.stderr)")
        #expect(byAlice.stdout.hasPrefix("verified: ") && byAlice.stdout.contains(", your 2 bids included\n"), "\(byAlice.stdout)")
        let byBob = try await bob.run(["verify", "4", "--json"])
        #expect(byBob.status == 0, "stdout: \(byBob.stdout) stderr: \(byBob.stderr)")
        let json = (try? JSONSerialization.jsonObject(with: Data(byBob.stdout.utf8))) as? [String: Any] ?? [:]
        #expect(json["verified"] as? Bool == true, "\(byBob.stdout)")
        #expect((json["receipts_checked"] as? [Int])?.count == 1, "\(byBob.stdout)")
        // And the receipts each kept are marked verified
        let receipts = try await alice.run(["receipts", "4", "--json"])
        let kept = ((try? JSONSerialization.jsonObject(with: Data(receipts.stdout.utf8))) as? [String: Any])?["receipts"] as? [[String: Any]] ?? []
        #expect(!kept.isEmpty && kept.allSatisfy { $0["verified"] as? Bool == true }, "\(receipts.stdout)")
        // And the second verifier, written from the document alone, agrees
        let outside = try ProcessRunner.run("/usr/bin/env", ["python3", Self.script, "--base", server.httpURL, "4"], timeout: 120)
        #expect(outside.status == 0, "\(outside.stdout)\(outside.stderr)")
        #expect(outside.stdout.hasPrefix("verified: "))
    }

    @Test func aRetractionAndARemovalVerifyAsEntriesAndNothingFollowsTheRemoval() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        let dora = try await AccountEndToEndTests.register("dora", on: server, in: directory)
        let grant = try await offPool { try ProcessRunner.run(BuildProducts.executable("auction-server"), ["admin", "grant", "dora", "--db", server.databasePath]) }
        #expect(grant.status == 0, "\(grant.stderr)")
        // Given two bids, the second retracted by a moderator, then the lot removed
        #expect(try await alice.run(["bid", "5", "9,000,000", "--yes"]).status == 0)
        #expect(try await bob.run(["bid", "5", "9,500,000", "--yes"]).status == 0)
        let shown = (try? JSONSerialization.jsonObject(with: Data(try await dora.run(["show", "5", "--json"]).stdout.utf8))) as? [String: Any]
        let bobs = try #require((shown?["bids"] as? [[String: Any]])?.first?["id"] as? Int, "\(String(describing: shown))")
        #expect(try await dora.run(["mod", "retract", "\(bobs)", "--reason", "typed one zero too many"]).status == 0)
        let retracted = try await bob.run(["verify", "5", "--json"])
        #expect(retracted.status == 0, "stdout: \(retracted.stdout) stderr: \(retracted.stderr)")
        #expect(retracted.stdout.contains("\"price\":9000000"), "\(retracted.stdout)")
        #expect(try await dora.run(["mod", "remove-lot", "5", "--reason", "counterfeit"]).status == 0)
        // When it is verified, then the log holds both and ends removed
        let removed = try await alice.run(["verify", "5"])
        #expect(removed.status == 0, "stdout: \(removed.stdout) stderr: \(removed.stderr)")
        #expect(removed.stdout.contains("as its log makes it: removed by a moderator"), "\(removed.stdout)")
        let outside = try ProcessRunner.run("/usr/bin/env", ["python3", Self.script, "--base", server.httpURL, "5"], timeout: 120)
        #expect(outside.status == 0, "\(outside.stdout)\(outside.stderr)")
    }

    @Test func aSellersListingEditsAndWithdrawalVerify() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let sam = try await AccountEndToEndTests.register("sam", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        func listed(_ arguments: [String]) async throws -> Int {
            let sell = try await sam.run(["sell", "--duration", "2h", "--json"] + arguments)
            #expect(sell.status == 0, "\(sell.stderr)")
            return try #require((try JSONSerialization.jsonObject(with: Data(sell.stdout.utf8)) as? [String: Any])?["id"] as? Int)
        }
        // Given a lot with a reserve, edited before any bid, bid on, then edited as bids allow
        let lot = try await listed(["--name", "Brass lamp", "--start-price", "9,000", "--reserve", "20,000", "--buy-now", "50,000"])
        #expect(try await sam.run(["edit", String(lot), "--start-price", "10,000"]).status == 0)
        #expect(try await bob.run(["bid", String(lot), "10,000", "--yes"]).status == 0)
        let edit = try await sam.run(["edit", String(lot), "--min-increment", "500"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try await bob.run(["bid", String(lot), "10,500", "--yes"]).status == 0)
        // Then its log verifies, with bob's bids in it
        let verified = try await bob.run(["verify", String(lot)])
        #expect(verified.status == 0, "stdout: \(verified.stdout) stderr: \(verified.stderr)")
        #expect(verified.stdout.contains("your 2 bids included"), "\(verified.stdout)")
        // And a lot withdrawn before any bid verifies and ends there
        let other = try await listed(["--name", "Tin cup", "--start-price", "1,000"])
        #expect(try await sam.run(["withdraw", String(other), "--yes"]).status == 0)
        let withdrawn = try await sam.run(["verify", String(other), "--json"])
        #expect(withdrawn.status == 0, "stdout: \(withdrawn.stdout) stderr: \(withdrawn.stderr)")
        let outside = try ProcessRunner.run("/usr/bin/env", ["python3", Self.script, "--base", server.httpURL, String(lot)], timeout: 120)
        #expect(outside.status == 0, "\(outside.stdout)\(outside.stderr)")
    }
}
