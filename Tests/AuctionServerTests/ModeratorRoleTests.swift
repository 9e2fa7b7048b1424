import AuctionCore
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 23, roles: the role stored on the account (SQLite and PostgreSQL), the one `ModeratorCheck`
/// (401, 403, 429, read at each request), and the `admin` and `moderators` options.
@Suite struct ModeratorRoleTests {
    /// Grants, repeats, revokes and refuses an unknown name on `store`, whose users `alice` exists.
    static func exerciseRole(_ store: AccountStore, alice: UserID) throws {
        #expect(try store.setModerator(true, name: "nobody") == .unknownUser)
        #expect(try !store.isModerator(userID: alice))
        #expect(try store.setModerator(true, name: "alice") == .changed)
        #expect(try store.setModerator(true, name: "alice") == .unchanged)
        #expect(try store.isModerator(userID: alice))
        #expect(try store.setModerator(false, name: "alice") == .changed)
        #expect(try store.setModerator(false, name: "alice") == .unchanged)
        #expect(try !store.isModerator(userID: alice))
    }

    @Test func theRoleIsStoredOnTheAccountInSQLite() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try AccountStore(path: folder.file("auction.sqlite"))
        defer { store.close() }
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "x", at: Timestamp(millisecondsSinceEpoch: 1)))
        try Self.exerciseRole(store, alice: alice)
    }

    @Test func theRoleIsStoredOnTheAccountInPostgreSQL() throws {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        let connection = try PostgresConnection(fixture.url)
        try PostgresSchema.migrate(connection)
        connection.close()
        let store = try AccountStore(target: .postgres(try PostgresConnectionString(fixture.url)))
        defer { store.close() }
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "x", at: Timestamp(millisecondsSinceEpoch: 1)))
        try Self.exerciseRole(store, alice: alice)
    }

    @Test func theCheckAnswers401And403AndReadsTheRoleAtEachRequestWithinARate() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try AccountStore(path: folder.file("auction.sqlite"))
        defer { store.close() }
        let clock = ManualClock()
        var configuration = AccountService.Configuration()
        configuration.moderators = ["carol"]
        let accounts = AccountService(store: store, configuration: configuration, clock: clock)
        let check = ModeratorCheck(accounts: accounts, requestsPerMinute: 5, now: { clock.now() })
        func status(_ token: String?) -> Int {
            var headers: HTTPHeaders = [:]
            if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
            switch check.moderator(of: HTTPRequest(method: .get, target: "/moderation/me", headers: headers)) {
            case .success(let user): return user.isModerator ? 200 : -1
            case .failure(let refusal): return refusal.response.status.code
            }
        }
        let alice = try accounts.register(name: "alice", password: "correct horse alice").token
        let carol = try accounts.register(name: "carol", password: "correct horse carol").token
        #expect(status(nil) == 401)
        #expect(status("not-a-token") == 401)
        #expect(status(alice) == 403)
        #expect(try store.setModerator(true, name: "alice") == .changed)
        #expect(status(alice) == 200)
        #expect(try store.setModerator(false, name: "alice") == .changed)
        #expect(status(alice) == 403, "the cached session does not keep the role")
        #expect(status(carol) == 200, "configured, not stored")
        #expect(try accounts.profile(forToken: carol).isModerator)
        for _ in 0..<4 { #expect(status(carol) == 200) }
        #expect(status(carol) == 429, "the sixth request in a minute")
        clock.advance(milliseconds: 60_000)
        #expect(status(carol) == 200)
    }

    @Test func adminAndModeratorsOptionsParse() throws {
        let none: (String) throws -> String = { _ in "" }
        #expect(try ServerOptions.parse(["admin", "grant", "alice", "--db", "/tmp/a.sqlite"], environment: [:], readFile: none)
                == .admin(.init(action: .grant, name: "alice", target: .file("/tmp/a.sqlite"))))
        #expect(try ServerOptions.parse(["admin", "revoke", "bob"], environment: [:], readFile: none)
                == .admin(.init(action: .revoke, name: "bob", target: nil)))
        #expect(throws: ServerOptionsError.self) { try ServerOptions.parse(["admin", "grant"], environment: [:], readFile: none) }
        #expect(throws: ServerOptionsError.self) { try ServerOptions.parse(["admin", "grant", "a b!"], environment: [:], readFile: none) }
        #expect(throws: ServerOptionsError.self) { try ServerOptions.parse(["admin", "grant", "a", "b"], environment: [:], readFile: none) }
        let file: (String) throws -> String = { _ in "moderators = alice, bob\n" }
        guard case .run(let configuration) = try ServerOptions.parse(["--config", "x.conf"], environment: [:], readFile: file) else {
            Issue.record("not a run"); return
        }
        #expect(configuration.accounts.moderators == ["alice", "bob"])
        #expect(throws: ServerOptionsError.self) {
            try ServerOptions.parse(["--moderators", "alice,bad name!"], environment: [:], readFile: none)
        }
        #expect(ServerOptions.usage.contains("auction-server admin grant NAME"))
        guard case .run(let rated) = try ServerOptions.parse(["--moderation-requests-per-minute", "5"], environment: [:], readFile: none) else {
            Issue.record("not a run"); return
        }
        #expect(rated.accounts.moderationRequestsPerMinute == 5)
        #expect(throws: ServerOptionsError.self) {
            try ServerOptions.parse(["--moderation-requests-per-minute", "0"], environment: [:], readFile: none)
        }
    }
}
