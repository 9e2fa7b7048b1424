import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// `auction notifications`, the summary `auction login` prints, and the one the first command after a
/// gap prints, with the real binaries against a real `auction-server` and its SQLite file.
@Suite(.serialized) struct NotificationsEndToEndTests {
    typealias User = AccountEndToEndTests.User

    /// Notifications stored for the user named `name`.
    static func storedCount(_ path: String, for name: String) -> Int {
        guard let database = try? SQLiteDatabase(path: path, options: [.readOnly]) else { return 0 }
        defer { database.close() }
        return Int((try? database.scalarInteger(
            "SELECT COUNT(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.name = ?", [.text(name)])) ?? 0)
    }

    /// Writes a last check two hours ago into the user's state (as if they were away).
    static func backdateCheck(of user: User) throws {
        let twoHoursAgo = Int64((Date().timeIntervalSince1970 - 7_200) * 1_000)
        try "\(twoHoursAgo)\n".write(toFile: user.config + "/auction/notifications-checked", atomically: true, encoding: .utf8)
    }

    @Test func anOutbidUserIsToldAtLoginAfterAGapAndByTheNotificationsCommand() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        #expect(try await alice.run(["bid", "5", "9,000,000", "--yes"]).status == 0)
        #expect(try await bob.run(["bid", "5", "9,500,000", "--yes"]).status == 0)
        let path = server.databasePath
        #expect(await eventually { Self.storedCount(path, for: "alice") == 1 }, "alice's outbid notice is stored")

        let login = try await alice.run(["login", "alice", "--password-stdin"], stdin: "correct horse alice\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.hasSuffix("\nWhile you were away: 1 outbid\n"), "\(login.stdout)")
        let soon = try await alice.run(["list"])
        #expect(!soon.stderr.contains("While you were away"), "no gap yet: \(soon.stderr)")

        try Self.backdateCheck(of: alice)
        let afterGap = try await alice.run(["list"])
        #expect(afterGap.status == 0)
        #expect(afterGap.stderr == "While you were away: 1 outbid\n")
        #expect(try await alice.run(["list"]).stderr.isEmpty, "once per gap")
        #expect(try await bob.run(["list"]).stderr.isEmpty, "bob was not outbid")

        let listed = try await alice.run(["notifications"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(listed.stdout)")
        #expect(lines.first?.hasPrefix("WHEN ") == true && lines.first?.contains("UTC") == false, "the zone is in each row, not the header")
        #expect(lines.last?.contains("outbid") == true && lines.last?.contains("9,500,000") == true
                && lines.last?.contains("5 ") == true, "\(listed.stdout)")
        #expect(try await alice.run(["notifications"]).stdout == "no unseen notifications\n", "listing marked them seen")
        let all = try await alice.run(["notifications", "--all", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any]
        let notices = json?["notifications"] as? [[String: Any]]
        #expect(notices?.count == 1)
        #expect(notices?.first?["kind"] as? String == "outbid" && notices?.first?["price"] as? Int == 9_500_000)
        #expect(notices?.first?["product_id"] as? Int == 5)
    }

    @Test func notificationsWithoutALoginSaysHowToLogInAndExitsOne() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let carol = User(name: "carol", config: directory.file("config-carol"), serverEnvironment: server.clientEnvironment)

        let result = try await carol.run(["notifications"])

        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("not logged in"), "\(result.stderr)")
    }
}
