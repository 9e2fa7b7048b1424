import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Testing

@Suite struct AccountCommandsTests {
    /// An account server on loopback and a login folder of its own.
    private struct World {
        let folder: TemporaryDirectory
        let accounts: AccountTestServer
        var loop: EventLoop { accounts.loop }
        var server: HTTPServer { accounts.server }
        var url: String { accounts.url }
        var saved: SavedLoginStore { SavedLoginStore(directory: folder.file("config/auction")) }

        func commands(server url: String? = nil, now: Timestamp = Timestamp(millisecondsSinceEpoch: 0)) throws -> AccountCommands {
            let target = url ?? self.url
            return AccountCommands(accounts: HTTPAccountRepository(client: HTTPClient(baseURL: try HTTPBaseURL(parsing: target), loop: loop)),
                                   store: saved, server: target, now: { now })
        }

        func stop() {
            accounts.stop()
            folder.remove()
        }
    }

    private func world() throws -> World {
        World(folder: try TemporaryDirectory(prefix: "account-commands"), accounts: try AccountTestServer())
    }

    @Test func registerSavesTheLoginAndWhoamiConfirmsIt() async throws {
        let world = try world()
        defer { world.stop() }
        let commands = try world.commands()

        let said = try await commands.register(name: "alice", password: "correct horse")
        let saved = try #require(try world.saved.load())
        let who = try await commands.whoami()
        let json = try JSONValue.parse(Array(try await commands.whoami(json: true).utf8))

        #expect(said.hasPrefix("registered and logged in as alice until "))
        #expect(saved.name == "alice" && saved.server == world.url)
        #expect(world.accounts.accepts(saved.token))
        #expect(who.hasPrefix("alice (user \(saved.userID.rawValue)) at \(world.url), logged in until"))
        #expect(json["name"]?.stringValue == "alice" && json["user_id"]?.intValue == saved.userID.rawValue)
        let mode = try FileManager.default.attributesOfItem(atPath: world.saved.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func wrongPasswordSavesNothing() async throws {
        let world = try world()
        defer { world.stop() }
        let commands = try world.commands()
        _ = try await commands.register(name: "bob", password: "correct horse")
        try world.saved.delete()

        await #expect(throws: AccountCommandError.invalidCredentials) {
            try await commands.login(name: "bob", password: "wrong horse")
        }
        #expect(try world.saved.load() == nil)
        #expect(try await commands.login(name: "bob", password: "correct horse") .hasPrefix("logged in as bob"))
    }

    @Test func logoutRevokesOnTheServerAndForgetsTheLogin() async throws {
        let world = try world()
        defer { world.stop() }
        let commands = try world.commands()
        _ = try await commands.register(name: "carol", password: "correct horse")
        let token = try #require(try world.saved.load()).token

        #expect(try await commands.logout() == "logged out carol")
        #expect(!world.accounts.accepts(token))
        #expect(try world.saved.load() == nil)
        #expect(try await commands.logout() == "not logged in")
        await #expect(throws: AccountCommandError.notLoggedIn) { try await commands.whoami() }
    }

    @Test func whoamiSaysWhenTheServerEndedTheSession() async throws {
        let world = try world()
        defer { world.stop() }
        let commands = try world.commands()
        _ = try await commands.register(name: "dave", password: "correct horse")
        world.accounts.revoke(try #require(try world.saved.load()).token)

        await #expect(throws: AccountCommandError.sessionEnded(name: "dave")) { try await commands.whoami() }
    }

    @Test func savedLoginIsOnlyUsedForItsServerAndUntilItExpires() async throws {
        let world = try world()
        defer { world.stop() }
        _ = try await world.commands().register(name: "erin", password: "correct horse")
        let saved = try #require(try world.saved.load())

        #expect(try world.commands(server: "127.0.0.1:\(world.server.address.port)/").validLogin() == saved)
        #expect(throws: AccountCommandError.otherServer(saved: world.url, configured: "http://127.0.0.1:1")) {
            try world.commands(server: "http://127.0.0.1:1").validLogin()
        }
        #expect(throws: AccountCommandError.sessionEnded(name: "erin")) {
            try world.commands(now: saved.expiresAt).validLogin()
        }
    }

    @Test func aLoginSavedAtOneBaseIsValidWhereverThatBaseIsListed() async throws {
        let world = try world()
        defer { world.stop() }
        _ = try await world.commands().register(name: "fay", password: "correct horse")
        let saved = try #require(try world.saved.load())
        // `--http http://127.0.0.1:1,<the base it was saved at>`: another node first, the saved one second.
        var listed = try world.commands(server: "http://127.0.0.1:1")
        listed.otherServers = [world.url + "/"]
        #expect(try listed.validLogin() == saved)
    }

    @Test func logoutForgetsLocallyWhenTheServerIsGone() async throws {
        let world = try world()
        defer { world.stop() }
        let commands = try world.commands()
        _ = try await commands.register(name: "frank", password: "correct horse")
        world.server.close()

        let said = try await commands.logout()

        #expect(said.hasPrefix("logged out frank here; the server could not be told"))
        #expect(try world.saved.load() == nil)
    }
}
