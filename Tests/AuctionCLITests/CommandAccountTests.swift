import AuctionCLI
import AuctionCore
import AuctionData
import Foundation
import Testing

@Suite struct CommandAccountTests {
    @Test func registerSavesTheLoginThatBidSendsFirstAndLogoutForgetsIt() async throws {
        let accounts = try AccountTestServer()
        defer { accounts.stop() }
        let house = try CommandTestServer(products: 20, mode: .requiresLogin(token: "token-1-alice"))
        defer { house.stop() }
        let config = try CommandHarness.configDirectory()
        defer { try? FileManager.default.removeItem(atPath: config) }
        let env = ["AUCTION_HTTP": accounts.url, "AUCTION_SOCKET": house.socketAddress, "XDG_CONFIG_HOME": config]

        let registered = await CommandHarness.run(["register", "alice", "--password-stdin"], environment: env, password: "correct horse")
        #expect(registered.status == .success, "stderr: \(registered.stderr)")
        #expect(registered.stdout.hasPrefix("registered and logged in as alice until "))
        let attributes = try FileManager.default.attributesOfItem(atPath: config + "/auction/login.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let who = await CommandHarness.run(["whoami"], environment: env)
        #expect(who.status == .success && who.stdout.hasPrefix("alice (user 1)"), "stderr: \(who.stderr)")

        let bid = await CommandHarness.run(["bid", "5", "35000", "--yes"], environment: env)
        #expect(bid.status == .success, "stderr: \(bid.stderr)")
        // After the handshake (hello, list-state probe), the login goes first.
        let received = house.received.withLock { $0.filter { if case .hello = $0 { false } else if case .listState = $0 { false } else { true } } }
        #expect(received.first == .login(token: "token-1-alice"), "the login goes first: \(received)")
        #expect(received.dropFirst().first?.withoutIdempotencyKey == .bid(Bid(productID: 5, price: 35_000), userID: UserID(rawValue: 1)))

        let out = await CommandHarness.run(["logout"], environment: env)
        #expect(out.status == .success && out.stdout == "logged out alice\n")
        #expect(!accounts.accepts("token-1-alice"))
        let after = await CommandHarness.run(["bid", "5", "36000", "--yes"], environment: env)
        #expect(after.status == .refused)
        #expect(after.stderr == "auction: bidding needs a login: run `auction login <name>` (or `auction register <name>` to create an account)\n")
    }

    @Test func aSavedLoginTheServerRefusesSaysToLogInAgain() async throws {
        let accounts = try AccountTestServer()
        defer { accounts.stop() }
        let house = try CommandTestServer(products: 20, mode: .requiresLogin(token: "some-other-token"))
        defer { house.stop() }
        let config = try CommandHarness.configDirectory()
        defer { try? FileManager.default.removeItem(atPath: config) }
        let env = ["AUCTION_HTTP": accounts.url, "AUCTION_SOCKET": house.socketAddress, "XDG_CONFIG_HOME": config]
        _ = await CommandHarness.run(["register", "bob", "--password-stdin"], environment: env, password: "pw")
        let bid = await CommandHarness.run(["bid", "5", "35000", "--yes"], environment: env)
        #expect(bid.status == .refused)
        #expect(bid.stderr.contains("the saved login for `bob` was not accepted"))
        #expect(bid.stderr.contains("auction login bob"))
    }

    @Test func wrongPasswordExitsOneAndMissingPasswordIsAUsageError() async throws {
        let accounts = try AccountTestServer()
        defer { accounts.stop() }
        let config = try CommandHarness.configDirectory()
        defer { try? FileManager.default.removeItem(atPath: config) }
        let env = ["AUCTION_HTTP": accounts.url, "XDG_CONFIG_HOME": config]
        _ = await CommandHarness.run(["register", "carol", "--password-stdin"], environment: env, password: "right")
        let wrong = await CommandHarness.run(["login", "carol", "--password-stdin"], environment: env, password: "wrong")
        #expect(wrong.status == .refused)
        #expect(wrong.stderr == "auction: invalid name or password\n")
        let none = await CommandHarness.run(["login", "carol"], environment: env)
        #expect(none.status == .usage)
        let who = await CommandHarness.run(["whoami", "--json"], environment: env)
        #expect(who.status == .success)
        #expect(who.stdout.contains("\"name\":\"carol\""))
    }

    @Test func whoamiWithoutALoginSaysHowToLogIn() async throws {
        let config = try CommandHarness.configDirectory()
        defer { try? FileManager.default.removeItem(atPath: config) }
        let run = await CommandHarness.run(["whoami"], environment: ["XDG_CONFIG_HOME": config])
        #expect(run.status == .refused)
        #expect(run.stderr == "auction: not logged in: run `auction login <name>` (or `auction register <name>`)\n")
    }
}
