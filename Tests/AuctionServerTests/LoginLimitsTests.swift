import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Dispatch
import Testing

/// An account service over a fresh SQLite file with a hand-moved clock and the cheaper
/// sha512crypt hashing, for tests that make many attempts.
private struct LimitFixture {
    let folder: TemporaryDirectory
    let store: AccountStore
    let clock = ManualClock()
    let service: AccountService

    init(configuration: AccountService.Configuration = .init()) throws {
        folder = try TemporaryDirectory(prefix: "login-limits")
        store = try AccountStore(path: folder.file("auction.sqlite"))
        service = AccountService(store: store, configuration: configuration, hasher: PasswordHasher(prefix: "$6$") ?? .init(),
                                 clock: clock)
    }

    func remove() {
        store.close()
        folder.remove()
    }

    /// The outcome of one login: "ok", "401" or "429".
    func attempt(_ name: String, _ password: String, from address: String?) -> String {
        do throws(AccountError) {
            _ = try service.login(name: name, password: password, address: address)
            return "ok"
        } catch {
            switch error {
            case .invalidCredentials: return "401"
            case .rateLimited: return "429"
            default: return "\(error)"
            }
        }
    }

    /// The wait of a refused login, or nil when it was not refused for its rate.
    func wait(_ name: String, _ password: String, from address: String?) -> Int64? {
        do throws(AccountError) {
            _ = try service.login(name: name, password: password, address: address)
            return nil
        } catch {
            if case .rateLimited(let retry) = error { return retry }
            return nil
        }
    }
}

@Suite struct AddressPrefixTests {
    @Test func ipv4AddressesShareTheirSlash24() {
        #expect(AddressPrefix.network(of: "127.0.5.17") == "127.0.5.0/24")
        #expect(AddressPrefix.network(of: "192.0.2.255") == "192.0.2.0/24")
        #expect(AddressPrefix.network(of: "::ffff:198.51.100.7") == "198.51.100.0/24")
    }

    @Test func ipv6AddressesShareTheirSlash64() {
        #expect(AddressPrefix.network(of: "2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(AddressPrefix.network(of: "2001:DB8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64")
        #expect(AddressPrefix.network(of: "::1") == "0:0:0:0::/64")
    }

    @Test func textThatIsNoAddressStandsForItself() {
        #expect(AddressPrefix.network(of: "localhost") == "localhost")
        #expect(AddressPrefix.network(of: "") == "")
    }
}

@Suite struct LoginLimitsTests {
    @Test func theOwnerLogsInWhileAGuesserElsewhereIsRefused() throws {
        let fixture = try LimitFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "erin", password: "correct horse", address: "198.51.100.20")

        // Given: a guesser at another address used up its five guesses against erin.
        for attempt in 0..<5 { #expect(fixture.attempt("erin", "guess \(attempt)", from: "203.0.113.9") == "401") }
        #expect(fixture.attempt("erin", "guess 5", from: "203.0.113.9") == "429")
        // Then: erin, from her own network or from a fresh one, still gets in with the right password.
        #expect(fixture.attempt("erin", "correct horse", from: "198.51.100.21") == "ok")
        #expect(fixture.attempt("erin", "correct horse", from: "192.0.2.1") == "ok")
        // And the guesser is still refused.
        #expect(fixture.attempt("erin", "correct horse", from: "203.0.113.9") == "429")
    }

    @Test func guessesRotatingThroughAnIPv4NetworkAreLimited() throws {
        let fixture = try LimitFixture()
        defer { fixture.remove() }
        // Given: one guess from each of many addresses of 127.0.7.0/24, each at another name.
        let outcomes = (1...25).map { host in fixture.attempt("user\(host)", "guess guess", from: "127.0.7.\(host)") }
        // Then: the network runs out after 20, though each address guessed only once.
        #expect(outcomes.prefix(20).allSatisfy { $0 == "401" })
        #expect(outcomes.dropFirst(20).allSatisfy { $0 == "429" })
        // Another network is not affected.
        #expect(fixture.attempt("user1", "guess guess", from: "127.0.8.1") == "401")
    }

    @Test func guessesRotatingThroughAnIPv6Slash64AreLimited() throws {
        let fixture = try LimitFixture()
        defer { fixture.remove() }
        let outcomes = (1...21).map { host in
            fixture.attempt("user\(host)", "guess guess", from: "2001:db8:0:7:\(String(host, radix: 16))::1")
        }
        #expect(outcomes.prefix(20).allSatisfy { $0 == "401" })
        #expect(outcomes.last == "429")
        #expect(fixture.attempt("user1", "guess guess", from: "2001:db8:0:8::1") == "401")
    }

    @Test func aNameUnderAttackDelaysNewNetworksMoreAndMoreButNotItsOwner() throws {
        let fixture = try LimitFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "gail", password: "correct horse", address: "198.51.100.20")

        // Given: guessers in four networks spent 20 failures on gail (the name's ceiling).
        for network in 1...4 {
            for guess in 0..<5 { #expect(fixture.attempt("gail", "guess \(guess)", from: "10.\(network).0.1") == "401") }
        }
        // Then: a fifth network waits a second after the last failure; each further failure doubles it.
        let first = try #require(fixture.wait("gail", "guess", from: "10.5.0.1"))
        #expect(first == 1_000)
        fixture.clock.advance(milliseconds: 1_000)
        #expect(fixture.attempt("gail", "guess", from: "10.5.0.1") == "401")
        #expect(fixture.wait("gail", "guess", from: "10.6.0.1") == 2_000)
        fixture.clock.advance(milliseconds: 2_000)
        #expect(fixture.attempt("gail", "guess", from: "10.6.0.1") == "401")
        #expect(fixture.wait("gail", "guess", from: "10.7.0.1") == 4_000)
        // But gail's own network is not delayed.
        #expect(fixture.attempt("gail", "correct horse", from: "198.51.100.20") == "ok")
        // The delay never passes the maximum, and the failures leak away within the hour.
        for index in 0..<20 {
            fixture.clock.advance(milliseconds: 300_000)
            _ = fixture.attempt("gail", "guess", from: "10.8.\(index).1")
        }
        #expect((fixture.wait("gail", "guess", from: "10.9.0.1") ?? 0) <= 300_000)
        fixture.clock.advance(milliseconds: 3_600_000)
        #expect(fixture.attempt("gail", "correct horse", from: "192.0.2.99") == "ok")
    }

    @Test func pastTheCeilingOnlyOneAttemptFromANewNetworkRunsAtATime() throws {
        let fixture = try LimitFixture()
        defer { fixture.remove() }
        for network in 1...4 {
            for guess in 0..<5 { _ = fixture.attempt("hugo", "guess \(guess)", from: "10.\(network).0.1") }
        }
        fixture.clock.advance(milliseconds: 1_000)
        let outcomes = Mutex<[String]>([])

        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let outcome = fixture.attempt("hugo", "guess", from: "10.\(20 + index).0.1")
            outcomes.withLock { $0.append(outcome) }
        }

        let all = outcomes.withLock { $0 }
        #expect(all.filter { $0 == "401" }.count == 1)
        #expect(all.filter { $0 == "429" }.count == 7)
    }

    @Test func registrationsAreLimitedPerNetwork() throws {
        let fixture = try LimitFixture(configuration: .init(registrationsPerNetwork: .perHour(3)))
        defer { fixture.remove() }
        for index in 1...3 {
            _ = try fixture.service.register(name: "new\(index)", password: "correct horse", address: "127.0.9.\(index)")
        }
        let refused = #expect(throws: AccountError.self) {
            try fixture.service.register(name: "new4", password: "correct horse", address: "127.0.9.200")
        }
        guard case .tooManyRegistrations(let retry)? = refused else {
            Issue.record("expected tooManyRegistrations, got \(String(describing: refused))")
            return
        }
        #expect(retry >= 1_000 && retry <= 3_600_000)
        // Another network registers; after the wait this one does again.
        _ = try fixture.service.register(name: "new5", password: "correct horse", address: "127.0.10.1")
        fixture.clock.advance(milliseconds: retry)
        _ = try fixture.service.register(name: "new4", password: "correct horse", address: "127.0.9.200")
    }
}

@Suite struct ServerAddressRotationTests {
    @Test func loginsRotatingThrough127SlashTwentyFourSourcesGet429() async throws {
        let directory = try TemporaryDirectory(prefix: "rotation")
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.accounts.failedLoginsPerNetwork = .perHour(6)  // no refills however slow the hashing is
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try server.start()
        defer { server.stop() }
        let port = addresses.http.port

        // Given: each guess from a new source address in 127.0.7.0/24, each at a new name.
        var statuses: [String] = []
        for host in 1...8 {
            let answer = await offPool {
                SourceBoundHTTP.post(port: port, from: "127.0.7.\(host)", path: "/users/login",
                                     json: "{\"name\":\"user\(host)\",\"password\":\"wrong password\"}")
            }
            statuses.append(answer?.status ?? "no answer")
        }
        // Then: the network is limited although no address guessed twice; another network is not.
        #expect(statuses.prefix(6).allSatisfy { $0 == "HTTP/1.1 401 Unauthorized" }, "\(statuses)")
        #expect(statuses.dropFirst(6).allSatisfy { $0 == "HTTP/1.1 429 Too Many Requests" }, "\(statuses)")
        let other = await offPool {
            SourceBoundHTTP.post(port: port, from: "127.0.8.1", path: "/users/login",
                                 json: "{\"name\":\"user1\",\"password\":\"wrong password\"}")
        }
        #expect(other?.status == "HTTP/1.1 401 Unauthorized")
    }

    @Test func theOwnerLogsInOverHTTPWhileTheGuesserIsRefused() async throws {
        let directory = try TemporaryDirectory(prefix: "owner")
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.accounts.failedLoginsPerNameAndAddress = .perHour(5)  // no refills however slow the hashing is
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try server.start()
        defer { server.stop() }
        let port = addresses.http.port
        func post(_ source: String, _ path: String, _ password: String) async -> String {
            await offPool {
                SourceBoundHTTP.post(port: port, from: source, path: path, json: "{\"name\":\"quinn\",\"password\":\"\(password)\"}")?.status
                    ?? "no answer"
            }
        }
        #expect(await post("127.0.6.6", "/users/register", "correct horse") == "HTTP/1.1 201 Created")

        // Given: a guesser at 127.0.5.5 spent its five guesses on quinn.
        for guess in 0..<5 { #expect(await post("127.0.5.5", "/users/login", "guess \(guess)") == "HTTP/1.1 401 Unauthorized") }
        // Then: the guesser is refused, even with the right password; quinn elsewhere gets in.
        #expect(await post("127.0.5.5", "/users/login", "correct horse") == "HTTP/1.1 429 Too Many Requests")
        #expect(await post("127.0.6.6", "/users/login", "correct horse") == "HTTP/1.1 200 OK")
        #expect(await post("127.0.4.4", "/users/login", "correct horse") == "HTTP/1.1 200 OK")
    }

    @Test func registrationsRotatingThroughOneNetworkGet429() async throws {
        let directory = try TemporaryDirectory(prefix: "rotation")
        defer { directory.remove() }
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configuration.accounts.registrationsPerNetwork = .perHour(3)
        let server = AuctionHouseServer(configuration: configuration, log: .silent)
        let addresses = try server.start()
        defer { server.stop() }
        let port = addresses.http.port

        var statuses: [String] = []
        for host in 1...5 {
            let answer = await offPool {
                SourceBoundHTTP.post(port: port, from: "127.0.9.\(host)", path: "/users/register",
                                     json: "{\"name\":\"new\(host)\",\"password\":\"correct horse\"}")
            }
            statuses.append(answer?.status ?? "no answer")
        }

        #expect(statuses == ["HTTP/1.1 201 Created", "HTTP/1.1 201 Created", "HTTP/1.1 201 Created",
                             "HTTP/1.1 429 Too Many Requests", "HTTP/1.1 429 Too Many Requests"])
    }
}
