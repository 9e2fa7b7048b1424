import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// One user's sessions are bounded, over real HTTP and sockets on a server over SQLite and over
/// PostgreSQL: a login past `sessions_per_user` revokes the oldest sessions (a socket logged in with
/// one is refused from its next bid, as after a logout), and right-password logins of one name are rated.
@Suite struct SessionBoundTests {
    /// A server over `test`'s store with its own accounts on `clock`, and an HTTP client.
    private final class Harness: Sendable {
        let server: AuctionHouseServer
        let addresses: ServerAddresses
        let loop: EventLoop
        let http: HTTPClient

        init(_ test: TestStore, clock: ManualClock, configure: (inout ServerConfiguration) -> Void) throws {
            var configuration = ServerConfiguration.ephemeral(databasePath: "")
            switch test.target {
            case .file(let path): configuration.databasePath = path
            case .postgres(let connection): configuration.store = connection
            case .shared(let pool): configuration.store = pool.store
            }
            configure(&configuration)
            server = AuctionHouseServer(configuration: configuration, log: .silent, clock: clock)
            addresses = try server.start()
            loop = try EventLoop.spawn(name: "test-http")
            http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), loop: loop)
        }

        func stop() {
            loop.shutdown()
            server.stop()
        }

        func register(_ name: String) async throws -> UserSession {
            let answer = try await http.post("/users/register", json: AccountDTO.credentialsBody(name: name, password: "correct horse"))
            return try #require(AccountDTO.session(from: answer.body))
        }

        func login(_ name: String, password: String = "correct horse") async throws -> (status: Int, session: UserSession?, error: String?) {
            let answer = try await http.post("/users/login", json: AccountDTO.credentialsBody(name: name, password: password))
            return (answer.status.code, AccountDTO.session(from: answer.body), try? JSONValue.parse(answer.body)["error"]?.stringValue)
        }

        func me(_ token: String) async throws -> Int {
            try await http.send(HTTPRequest(method: .get, target: "/users/me", headers: ["Authorization": "Bearer " + token])).status.code
        }
    }

    @Test(arguments: TestStore.engines)
    func aLoginPastTheLimitRevokesTheOldestSessionsAlsoOnLiveSockets(_ dialect: StoreDialect) async throws {
        let test = try TestStore(dialect)
        let clock = ManualClock(SystemClock().now())
        let harness = try Harness(test, clock: clock) { configuration in
            configuration.accounts.sessionsPerUser = 3
        }
        defer { harness.stop() }
        let first = try await harness.register("ada")
        let socket = try TestClient(port: harness.addresses.socket.port)
        defer { socket.close() }
        #expect(try await socket.request(.login(token: first.token)).result)
        #expect(try await socket.bid(4, 900_000_000).result)

        // Five more logins, each a millisecond apart: only the newest three sessions stay.
        var tokens = [first.token]
        for _ in 0..<5 {
            clock.advance(milliseconds: 1)
            let login = try await harness.login("ada")
            tokens.append(try #require(login.session?.token, "login refused: \(login.status)"))
        }
        for (index, token) in tokens.enumerated() {
            #expect(try await harness.me(token) == (index >= 3 ? 200 : 401), "session \(index)")
        }
        let live = try Self.liveSessions(test, now: clock.now())
        #expect(live == 3)
        // The socket that logged in with the oldest token is refused from its next bid, as after a logout.
        let bid = try await socket.bid(4, 900_100_000)
        #expect(!bid.result && bid.reason == .unauthenticated)
        #expect(try await socket.request(.login(token: tokens[5])).result)
        #expect(try await socket.bid(4, 900_200_000).result)
    }

    @Test(arguments: TestStore.engines)
    func rightPasswordLoginsOfOneNameAreRated(_ dialect: StoreDialect) async throws {
        let test = try TestStore(dialect)
        let clock = ManualClock(SystemClock().now())
        let harness = try Harness(test, clock: clock) { configuration in
            configuration.accounts.loginsPerName = .perMinute(3)
        }
        defer { harness.stop() }
        _ = try await harness.register("flood")
        _ = try await harness.register("bystander")
        for _ in 0..<3 { #expect(try await harness.login("flood").status == 200) }
        let refused = try await harness.login("flood")
        #expect(refused.status == 429 && refused.session == nil)
        #expect(try await harness.login("bystander").status == 200)  // another user logs in meanwhile
        clock.advance(milliseconds: 20_000)
        #expect(try await harness.login("flood").status == 200)
        #expect(try Self.liveSessions(test, now: clock.now(), name: "flood") == 5)  // registration + 4 logins, under the default 10
    }

    @Test func aRightPasswordLoginRefusedByTheNamesRateSaysSoNotFailedLogins() async throws {
        let test = try TestStore(.sqlite)
        let clock = ManualClock(SystemClock().now())
        let harness = try Harness(test, clock: clock) { configuration in
            configuration.accounts.loginsPerName = .perMinute(2)
        }
        defer { harness.stop() }
        _ = try await harness.register("flood")
        for _ in 0..<2 { #expect(try await harness.login("flood").status == 200) }
        // No login of this name ever failed: the refusal names the per-user rate and its wait (60 s / 2 = 30 s).
        let refused = try await harness.login("flood")
        #expect(refused.status == 429)
        #expect(refused.error == "too many logins for this user; try again in 30 s")
        // Failed logins still say so once they are what limits (5 a minute from one address and name by default).
        clock.advance(milliseconds: 60_000)
        for _ in 0..<5 { #expect(try await harness.login("flood", password: "wrong horse").status == 401) }
        let failures = try await harness.login("flood")
        #expect(failures.status == 429)
        #expect(failures.error == "too many failed logins; try again later")
    }

    /// Sessions of `name` neither revoked nor expired, read from the store.
    private static func liveSessions(_ test: TestStore, now: Timestamp, name: String = "ada") throws -> Int64 {
        let store = try CatalogueStore(target: test.target)
        defer { store.close() }
        return try store.withDatabase { database throws(StoreError) -> Int64 in
            try database.scalarInteger("""
                SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE u.name = ? AND s.revoked_at IS NULL AND s.expires_at > ?
                """, [.text(name), .integer(now.millisecondsSinceEpoch)]) ?? 0
        }
    }
}
