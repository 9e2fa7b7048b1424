import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Issue 23, roles: `auction-server admin grant|revoke` against the real binary's store while the real
/// server runs (SQLite and PostgreSQL), the config file's `moderators`, `auction whoami`, and the one
/// server-side check (`GET /moderation/me`) reading the role at each request.
@Suite struct ModeratorRoleEndToEndTests {
    static let server = BuildProducts.executable("auction-server")

    /// Runs `auction-server admin ARGUMENTS`.
    static func admin(_ arguments: [String]) async throws -> ProcessResult {
        try await offPool { try ProcessRunner.run(Self.server, ["admin"] + arguments) }
    }

    /// `GET path` on `port` with `token` as the bearer.
    static func get(_ port: Int, _ path: String, token: String?) async throws -> LoopbackHTTP.Answer {
        try #require(await offPool { LoopbackHTTP.exchange(port: port, "GET", path, bearer: token) })
    }

    /// Registers `name` over HTTP; its session token.
    static func register(_ name: String, port: Int) async throws -> String {
        let answer = try #require(await offPool {
            LoopbackHTTP.exchange(port: port, "POST", "/users/register", json: #"{"name":"\#(name)","password":"correct horse \#(name)"}"#)
        })
        #expect(answer.status == 201, "\(answer)")
        let json = try JSONValue.parse(Array(answer.body.utf8))
        return try #require(json["token"]?.stringValue)
    }

    static func port(_ server: AuctionServerProcess) -> Int { Int(server.httpAddress.split(separator: ":").last ?? "") ?? 0 }

    @Test func grantShowsInWhoamiAndARevokeWhileTheServerRunsEndsTheRoleAtTheNextRequest() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let token = try #require(alice.savedLogin()["token"] as? String)
        let port = Self.port(server)
        #expect(try await Self.get(port, "/moderation/me", token: token).status == 403, "not a moderator yet")

        let grant = try await Self.admin(["grant", "alice", "--db", server.databasePath])
        #expect(grant.status == 0 && grant.stdout == "alice is now a moderator\n", "\(grant.stdout) \(grant.stderr)")
        let again = try await Self.admin(["grant", "alice", "--db", server.databasePath])
        #expect(again.status == 0 && again.stdout.contains("already a moderator; nothing changed"), "\(again.stdout)")
        let whoami = try await alice.run(["whoami"])
        #expect(whoami.status == 0 && whoami.stdout.contains("alice (user 1, moderator)"), "\(whoami.stdout) \(whoami.stderr)")
        let whoamiJSON = try await alice.run(["whoami", "--json"])
        #expect(whoamiJSON.stdout.contains(#""moderator":true"#), "\(whoamiJSON.stdout)")
        let me = try await Self.get(port, "/moderation/me", token: token)
        #expect(me.status == 200 && me.body.contains(#""moderator":true"#), "\(me)")

        let revoke = try await Self.admin(["revoke", "alice", "--db", server.databasePath])
        #expect(revoke.status == 0 && revoke.stdout.contains("no longer a moderator"), "\(revoke.stdout) \(revoke.stderr)")
        #expect(try await Self.get(port, "/moderation/me", token: token).status == 403, "the same session, next request")
        let profile = try await Self.get(port, "/users/me", token: token)
        #expect(profile.status == 200 && profile.body.contains(#""moderator":false"#), "\(profile)")
        let after = try await alice.run(["whoami"])
        #expect(after.status == 0 && !after.stdout.contains("moderator"), "\(after.stdout)")
        let twice = try await Self.admin(["revoke", "alice", "--db", server.databasePath])
        #expect(twice.status == 0 && twice.stdout.contains("not a moderator; nothing changed"), "\(twice.stdout)")
    }

    @Test func unknownUsersBadArgumentsAndMissingStoresAreRefused() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let unknown = try await Self.admin(["grant", "mallory", "--db", server.databasePath])
        #expect(unknown.status == 1 && unknown.stderr.contains("no user named 'mallory'"), "\(unknown.stderr)")
        let missing = try await Self.admin(["grant", "alice", "--db", directory.file("none.sqlite")])
        #expect(missing.status == 3 && missing.stderr.contains("no such store"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("none.sqlite")), "no store is created")
        let noName = try await Self.admin(["grant", "--db", server.databasePath])
        #expect(noName.status == 2 && noName.stderr.contains("NAME"), "\(noName.stderr)")
        let badAction = try await Self.admin(["promote", "alice"])
        #expect(badAction.status == 2 && badAction.stderr.contains("grant NAME or revoke NAME"), "\(badAction.stderr)")
        #expect(try await Self.get(Self.port(server), "/moderation/me", token: nil).status == 401)
    }

    @Test func theConfigFilesModeratorsAreModeratorsWhileListed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let config = folder.file("server.conf")
        try "moderators = bob, dora\n".write(toFile: config, atomically: true, encoding: .utf8)
        let server = try await offPool { try AuctionServerProcess(directory: folder, arguments: ["--config", config]) }
        defer { server.stop() }
        let port = Self.port(server)
        let bob = try await Self.register("bob", port: port)
        let carol = try await Self.register("carol", port: port)
        let me = try await Self.get(port, "/moderation/me", token: bob)
        #expect(me.status == 200 && me.body.contains(#""name":"bob""#), "\(me)")
        #expect(try await Self.get(port, "/users/me", token: bob).body.contains(#""moderator":true"#))
        #expect(try await Self.get(port, "/moderation/me", token: carol).status == 403)
        #expect(server.log.contains("moderators from the configuration: bob, dora (no account yet: bob, dora)"), "\(server.log)")
    }

    @Test func onAPostgreSQLClusterAGrantAndARevokeReachEveryRunningNodeAtOnce() async throws {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        let url = fixture.url
        let cluster = try await offPool { try ClusterFixture(nodes: 2, storeURL: url) }
        defer { cluster.stop() }
        let (a, b) = (cluster.httpPorts[0], cluster.httpPorts[1])
        let token = try await Self.register("erin", port: a)
        #expect(try await Self.get(b, "/moderation/me", token: token).status == 403)
        let unknown = try await Self.admin(["grant", "frank", "--store", url])
        #expect(unknown.status == 1 && unknown.stderr.contains("no user named 'frank'"), "\(unknown.stderr)")
        let grant = try await Self.admin(["grant", "erin", "--store", url])
        #expect(grant.status == 0 && grant.stdout == "erin is now a moderator\n", "\(grant.stdout) \(grant.stderr)")
        #expect(try await Self.admin(["grant", "erin", "--store", url]).stdout.contains("already a moderator"))
        #expect(try await Self.get(a, "/moderation/me", token: token).status == 200)
        #expect(try await Self.get(b, "/moderation/me", token: token).status == 200)
        #expect(try await Self.admin(["revoke", "erin", "--store", url]).status == 0)
        #expect(try await Self.get(b, "/moderation/me", token: token).status == 403, "node B, the next request")
        #expect(try await Self.get(a, "/moderation/me", token: token).status == 403, "node A, the next request")
    }
}
