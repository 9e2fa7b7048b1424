import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Testing

/// `auction mod` and `auction report` against a loopback responder that records what they send: the requests
/// of every action, how answers and refusals print, and what is refused before anything is sent.
@Suite struct CommandModerationTests {
    static let entry = #"{"id":7,"moderator":"dora","action":"remove_lot","product_id":5,"reason":"fake","details":{},"created_at":1790000000000}"#

    @Test(arguments: [
        (["mod", "remove-lot", "5", "--reason", " fake lot "], "/moderation/lots/5/remove", #"{"reason":"fake lot"}"#),
        (["mod", "suspend", "bob", "--reason", "spam", "--for", "12h"], "/moderation/users/bob/suspend", #"{"reason":"spam","seconds":43200}"#),
        (["mod", "suspend", "bob", "--reason", "spam"], "/moderation/users/bob/suspend", #"{"reason":"spam"}"#),
        (["mod", "unsuspend", "bob", "--reason", "appeal"], "/moderation/users/bob/unsuspend", #"{"reason":"appeal"}"#),
        (["mod", "retract", "12", "--reason", "typo"], "/moderation/bids/12/retract", #"{"reason":"typo"}"#),
        (["mod", "resolve", "3", "--reason", "removed"], "/moderation/reports/3/resolve", #"{"reason":"removed"}"#),
        (["report", "5", "--reason", "looks fake"], "/products/5/report", #"{"reason":"looks fake"}"#),
    ])
    func eachActionPostsItsReasonWithTheLoginAndPrintsTheAnswer(arguments: [String], path: String, body: String) async throws {
        let server = try SellingFakeServer { _ in
            SellingFakeServer.json(200, #"{"changed":true,"message":"done \u001b[2J it","entry":\#(Self.entry)}"#)
        }
        defer { server.stop() }

        let run = await CommandHarness.run(arguments, environment: server.environment())

        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout == "done \u{FFFD}[2J it (log entry 7)\n", "the server's text is cleaned of escapes")
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == .post && request.path == path)
        #expect(request.headers["Authorization"] == "Bearer \(SellingFakeServer.token)")
        #expect(String(decoding: request.body, as: UTF8.self) == body)
    }

    @Test func anAnswerWithOnlyTheEntrysIDPrintsIt() async throws {
        let server = try SellingFakeServer { _ in SellingFakeServer.json(200, #"{"changed":true,"message":"bob is suspended","entry_id":12}"#) }
        defer { server.stop() }
        let run = await CommandHarness.run(["mod", "suspend", "bob", "--reason", "spam", "--for", "30m"], environment: server.environment())
        #expect(run.status == .success && run.stdout == "bob is suspended (log entry 12)\n", "\(run.stderr)")
    }

    @Test func aRepeatedActionSaysSoAndExitsZero() async throws {
        let server = try SellingFakeServer { _ in SellingFakeServer.json(200, #"{"changed":false,"message":"lot 5 was already removed"}"#) }
        defer { server.stop() }
        let run = await CommandHarness.run(["mod", "remove-lot", "5", "--reason", "fake"], environment: server.environment())
        #expect(run.status == .success && run.stdout == "lot 5 was already removed\n", "\(run.stderr)")
    }

    @Test(arguments: [
        (403, #"{"error":"moderators only"}"#, "you are not a moderator"),
        (404, #"{"error":"no bid 12"}"#, "no bid 12"),
        (409, #"{"error":"the auction ended; a bid cannot be retracted after it"}"#, "the auction ended"),
        (400, #"{"error":"the reason holds control characters \u001b[31m"}"#, "the reason holds control characters \u{FFFD}[31m"),
        (429, #"{"error":"too many moderation requests; try again later","retry_after_ms":1000}"#, "too many moderation requests"),
        (401, #"{"error":"log in"}"#, "no longer accepts the saved login for sam"),
    ])
    func refusalsExitOneWithTheServersSentence(status: Int, body: String, message: String) async throws {
        let server = try SellingFakeServer { _ in SellingFakeServer.json(status, body) }
        defer { server.stop() }
        let run = await CommandHarness.run(["mod", "retract", "12", "--reason", "typo"], environment: server.environment())
        #expect(run.status == .refused, "\(status): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(status): \(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
    }

    @Test(arguments: [
        ["mod", "remove-lot", "5"], ["mod", "suspend", "bob"], ["mod", "unsuspend", "bob", "--reason", "   "],
        ["mod", "retract", "12"], ["mod", "resolve", "3"], ["report", "5"],
    ])
    func aMissingReasonIsRefusedBeforeAnythingIsSent(arguments: [String]) async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }
        let run = await CommandHarness.run(arguments, environment: server.environment())
        #expect(run.status == .usage, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("a reason is required: add --reason TEXT"), "\(run.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        (["mod", "remove-lot"], "needs ID"), (["mod", "retract", "x1", "--reason", "a"], "BID-ID must be a number"),
        (["mod", "reports", "--reason", "a"], "`--reason` goes with an action"), (["mod", "log", "5"], "takes no target"),
        (["mod", "remove-lot", "5", "--reason", "a", "--for", "1h"], "`--for` goes with `mod suspend`"),
        (["mod", "log", "--all"], "`--all` goes with `mod reports`"), (["mod", "reports", "--user", "bob"], "go with `mod log`"),
        (["mod", "log", "--lot", "0"], "--lot must be a lot id"), (["mod", "ban", "bob"], "`mod` needs one of"),
        (["mod", "suspend", "bob", "--reason", "a", "--for", "3x"], "--for takes a duration"),
        (["report", "5", "--reason", ""], "`--reason` needs a non-empty TEXT"),
    ])
    func misusedCommandLinesAreUsageErrors(arguments: [String], message: String) async throws {
        let server = try SellingFakeServer()
        defer { server.stop() }
        let run = await CommandHarness.run(arguments, environment: server.environment())
        #expect(run.status == .usage, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test func durationsForSuspensions() throws {
        #expect(try ModCommand.seconds("30m") == 1_800)
        #expect(try ModCommand.seconds("12h") == 43_200)
        #expect(try ModCommand.seconds("7d") == 604_800)
        #expect(try ModCommand.seconds("1d12h") == 129_600)
        #expect(try ModCommand.seconds("90s") == 90)
        for bad in ["", "0m", "30", "3x", "-5m", "1.5h", "m", "12h1d", "4000d", "999999999d"] {
            #expect(throws: CommandError.self, "\(bad)") { try ModCommand.seconds(bad) }
        }
    }

    @Test func withoutALoginNothingIsSent() async throws {
        let server = try SellingFakeServer(loggedIn: false)
        defer { server.stop() }
        let run = await CommandHarness.run(["mod", "reports"], environment: server.environment())
        #expect(run.status == .refused && run.stderr.contains("needs a login"), "\(run.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test func tablesCleanServerTextAndShowPricesBeforeAndAfter() throws {
        let entry = try #require(ModerationLogEntry(json: try JSONValue.parse(
            #"{"id":9,"moderator":"er\u001b[1min","action":"retract_bid","product_id":5,"user":"bob","bid_id":12,"#
                + #""reason":"typo \u009b31m","details":{"price_before":9000,"price_after":8500},"created_at":1790000000000}"#)))
        let lines = ModerationTables.log([entry])
        #expect(lines.count == 2 && lines[0].hasPrefix("ID") && lines[0].contains("MODERATOR"))
        #expect(lines[1].contains("lot 5, user bob, bid 12") && lines[1].contains("9,000 → 8,500") && lines[1].contains("retract_bid"))
        #expect(!lines.joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B }, "\(lines)")
        let report = try #require(ModerationReport(json: try JSONValue.parse(
            #"{"id":3,"product_id":5,"product_name":"Lamp\u001b]0;x\u0007","reporter":"alice","reason":"fake","created_at":1790000000000,"#
                + #""resolved_at":1790000001000,"resolved_by":"dora","resolution":"removed"}"#)))
        let table = ModerationTables.reports([report], resolved: true)
        #expect(table[0].hasSuffix("RESOLVED") && table[1].hasSuffix("by dora: removed") && table[1].contains("Lamp"))
        #expect(!table.joined().unicodeScalars.contains { $0.value < 0x20 }, "\(table)")
    }
}
