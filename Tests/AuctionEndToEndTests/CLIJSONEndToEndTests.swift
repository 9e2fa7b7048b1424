import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// `--json` with the real `auction` binary against a real `auction-server` (#33): every outcome,
/// refusal and error is one JSON object on standard output, with the exit status unchanged, and
/// every time in it is RFC 3339.
@Suite(.serialized) struct CLIJSONEndToEndTests {
    /// The one JSON object `stdout` holds (one line), or nil when it holds anything else.
    static func object(_ stdout: String) -> [String: Any]? {
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 2, lines[1].isEmpty else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(lines[0].utf8))) as? [String: Any]
    }

    /// Expects one `{"error":{…}}` object with `code` and an `exit_status` equal to the process's.
    static func expectError(_ result: ProcessResult, code: String, status: Int32, _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(what): exit \(result.status), stderr: \(result.stderr)", sourceLocation: sourceLocation)
        let error = object(result.stdout)?["error"] as? [String: Any]
        #expect(error?["code"] as? String == code, "\(what): stdout \(result.stdout.debugDescription)", sourceLocation: sourceLocation)
        #expect(error?["exit_status"] as? Int == Int(status), "\(what): \(result.stdout)", sourceLocation: sourceLocation)
        #expect((error?["message"] as? String)?.isEmpty == false, "\(what): \(result.stdout)", sourceLocation: sourceLocation)
    }

    /// Whether `text` is RFC 3339 with an offset (`2026-12-05T05:30:41.000Z`, `…+09:00`).
    static func isRFC3339(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#, options: .regularExpression) != nil
    }

    /// Two days from now to the minute, as `YYYY-MM-DDTHH:MM:00+09:00` and as the same instant in RFC 3339 UTC.
    static func inTwoDays() -> (seoul: String, utc: String) {
        let minute = (Int(Date().timeIntervalSince1970) / 60 + 2 * 24 * 60) * 60
        let date = Date(timeIntervalSince1970: TimeInterval(minute))
        func text(_ zone: String, _ format: String) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = format
            return formatter.string(from: date)
        }
        return (text("Asia/Seoul", "yyyy-MM-dd'T'HH:mm:ss'+09:00'"), text("UTC", "yyyy-MM-dd'T'HH:mm:ss'.000Z'"))
    }

    @Test func everyFailureOfEveryKindIsOneErrorObjectOnStdout() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let anonymous = AccountEndToEndTests.User(name: "nobody", config: directory.file("config-nobody"),
                                                  serverEnvironment: server.clientEnvironment)

        // Not found: the issue's `bid 99999 100 --json` printed nothing on stdout.
        Self.expectError(try await alice.run(["bid", "99999", "100", "--json"]), code: "not_found", status: 1, "bid 99999")
        Self.expectError(try await alice.run(["show", "99999", "--json"]), code: "not_found", status: 1, "show 99999")
        // Refused before anything is sent: product 5 has no buy-now price (the issue's `buy 5 --yes --json`).
        Self.expectError(try await alice.run(["buy", "5", "--yes", "--json"]), code: "refused", status: 1, "buy 5")
        // Not confirmed: far above the price, no terminal, no --yes.
        Self.expectError(try await alice.run(["bid", "5", "999,999,999", "--json"]), code: "not_confirmed", status: 5, "bid unconfirmed")
        // Bad arguments, caught by the parser and by a command's own checks.
        Self.expectError(try await alice.run(["bid", "five", "100", "--json"]), code: "usage", status: 2, "bid five")
        Self.expectError(try await alice.run(["list", "--json", "--bogus"]), code: "usage", status: 2, "list --bogus")
        Self.expectError(try await alice.run(["bid", "5", "100", "--max", "-3", "--json"]), code: "usage", status: 2, "bid --max -3")
        Self.expectError(try await alice.run(["sell", "--name", "Lamp", "--start-price", "10", "--ends-at", "soon", "--json"]),
                         code: "usage", status: 2, "sell --ends-at soon")
        // Not logged in.
        Self.expectError(try await anonymous.run(["mine", "--json"]), code: "not_logged_in", status: 1, "mine, no login")
        Self.expectError(try await anonymous.run(["bid", "5", "9,000,000", "--yes", "--json"]), code: "not_logged_in", status: 1, "bid, no login")
        Self.expectError(try await anonymous.run(["notifications", "--json"]), code: "not_logged_in", status: 1, "notifications, no login")
        Self.expectError(try await anonymous.run(["whoami", "--json"]), code: "not_logged_in", status: 1, "whoami, no login")
        // A refusal that is an outcome stays the outcome object, still one object.
        let low = try await alice.run(["bid", "5", "1", "--yes", "--json"])
        #expect(low.status == 1 && Self.object(low.stdout)?["outcome"] as? String == "refused", "\(low.stdout)")

        // Server unreachable: a port that refuses connections.
        let closed = try #require(LoopbackPort.claim())
        defer { close(closed.fd) }
        let nowhere = ["AUCTION_HTTP": "http://127.0.0.1:\(closed.port)", "AUCTION_SOCKET": "127.0.0.1:\(closed.port)"]
        for arguments in [["list", "--json"], ["show", "5", "--json"], ["bid", "5", "9,000,000", "--yes", "--json"]] {
            Self.expectError(try await CLI.run(arguments, environment: nowhere), code: "unreachable", status: 3, arguments.joined(separator: " "))
        }
    }

    @Test func everySuccessIsOneObjectAndEveryTimeInItIsRFC3339() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)

        let bid = try await alice.run(["bid", "5", "9,000,000", "--yes", "--json"])
        #expect(bid.status == 0 && Self.object(bid.stdout)?["outcome"] as? String == "accepted", "\(bid.stdout) \(bid.stderr)")
        // Bob outbids her, so she has a notification with a time.
        #expect(try await bob.run(["bid", "5", "9,500,000", "--yes"]).status == 0)
        let bought = try await alice.run(["buy", "8", "--yes", "--json"])
        #expect(bought.status == 0 && Self.object(bought.stdout)?["outcome"] as? String == "accepted", "\(bought.stdout)")
        let (seoulText, utcText) = Self.inTwoDays()
        let sold = try await alice.run(["sell", "--name", "Lamp", "--start-price", "10", "--ends-at", seoulText, "--json"])
        #expect(sold.status == 0 && Self.object(sold.stdout)?["id"] != nil, "sell: \(sold.stdout) \(sold.stderr)")

        for arguments in [["list", "--json"], ["show", "5", "--json"], ["watchlist", "--json"], ["mine", "--selling", "--json"]] {
            let result = try await alice.run(arguments)
            #expect(result.status == 0 && Self.object(result.stdout) != nil, "\(arguments): \(result.stdout) \(result.stderr)")
        }
        let mine = try #require(Self.object(try await alice.run(["mine", "--json"]).stdout))
        let bids = try #require(mine["bids"] as? [[String: Any]])
        #expect(!bids.isEmpty && bids.allSatisfy { Self.isRFC3339($0["end_time"]) }, "mine: \(mine)")
        let lots = try #require(Self.object(try await alice.run(["mine", "--selling", "--json"]).stdout)?["lots"] as? [[String: Any]])
        #expect(lots.first.map { $0["end_time"] as? String == utcText } == true, "the +09:00 end \(seoulText), in UTC: \(lots)")
        let whoami = try #require(Self.object(try await alice.run(["whoami", "--json"]).stdout))
        #expect(Self.isRFC3339(whoami["expires_at"]), "whoami: \(whoami)")
        let notices = try #require(Self.object(try await alice.run(["notifications", "--all", "--json"]).stdout)?["notifications"] as? [[String: Any]])
        #expect(!notices.isEmpty && notices.allSatisfy { Self.isRFC3339($0["time"]) }, "notifications: \(notices)")
        let shown = try #require(Self.object(try await alice.run(["show", "5", "--json"]).stdout))
        #expect(Self.isRFC3339(shown["ends_at"]), "show: \(shown)")
    }
}
