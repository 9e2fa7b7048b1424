import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// A server with its own accounts (the default hooks) and an HTTP client for `/users/*`.
private final class AccountsServer: Sendable {
    let directory: TemporaryDirectory
    let server: AuctionHouseServer
    let addresses: ServerAddresses
    let loop: EventLoop
    let http: HTTPClient

    init(configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        directory = try TemporaryDirectory(prefix: "session-end")
        var configuration = ServerConfiguration.ephemeral(databasePath: directory.file("auction.sqlite"))
        configure(&configuration)
        server = AuctionHouseServer(configuration: configuration, log: .silent)
        addresses = try server.start()
        loop = try EventLoop.spawn(name: "test-http")
        http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), loop: loop)
    }

    func stop() {
        loop.shutdown()
        server.stop()
        directory.remove()
    }

    func register(_ name: String) async throws -> UserSession {
        let answer = try await http.post("/users/register", json: AccountDTO.credentialsBody(name: name, password: "correct horse"))
        return try #require(AccountDTO.session(from: answer.body))
    }

    func me(_ token: String) async throws -> Int {
        try await http.send(HTTPRequest(method: .get, target: "/users/me", headers: ["Authorization": "Bearer " + token])).status.code
    }

    func logout(_ token: String) async throws -> Int {
        try await http.post("/users/logout", json: AccountDTO.tokenBody(token)).status.code
    }
}

@Suite struct ServerSessionEndTests {
    @Test func logoutEndsTheSessionOfASocketThatLoggedInEarlier() async throws {
        let harness = try AccountsServer()
        defer { harness.stop() }
        let session = try await harness.register("mona")
        let client = try TestClient(port: harness.addresses.socket.port)
        defer { client.close() }
        #expect(try await client.request(.login(token: session.token)).result)
        #expect(try await client.bid(4, 900_000_000).result)

        // When: the token is revoked over HTTP.
        #expect(try await harness.logout(session.token) == 200)
        #expect(try await harness.me(session.token) == 401)

        // Then: the socket logged in with it may no longer bid or chat.
        let bid = try await client.bid(4, 900_100_000)
        #expect(!bid.result)
        #expect(bid.reason == .unauthenticated)
        let chat = try await client.request(.chatSend(room: "product-4", text: "still here?"))
        #expect(!chat.result)
        #expect(chat.reason == .unauthenticated)
        // A new login brings it back.
        let again = try await harness.register("mona2")
        #expect(try await client.request(.login(token: again.token)).result)
        #expect(try await client.bid(4, 900_200_000).result)
    }

    @Test func logoutOfOneSessionLeavesTheUsersOtherSessionsAlone() async throws {
        let harness = try AccountsServer()
        defer { harness.stop() }
        let first = try await harness.register("nina")
        let login = try await harness.http.post("/users/login", json: AccountDTO.credentialsBody(name: "nina", password: "correct horse"))
        let second = try #require(AccountDTO.session(from: login.body))
        let one = try TestClient(port: harness.addresses.socket.port), two = try TestClient(port: harness.addresses.socket.port)
        defer { one.close(); two.close() }
        #expect(try await one.request(.login(token: first.token)).result)
        #expect(try await two.request(.login(token: second.token)).result)

        #expect(try await harness.logout(first.token) == 200)

        #expect(try await one.bid(5, 900_000_000).reason == .unauthenticated)
        #expect(try await two.bid(5, 900_000_000).result)
    }
}

/// A resolver whose one session has already expired when it is used.
private struct ExpiredSessions: SessionResolver {
    func user(forToken token: String) -> SessionUser? {
        token == "stale" ? SessionUser(id: UserID(rawValue: 1), name: "alice", expiresAt: SystemClock().now().adding(milliseconds: -1)) : nil
    }
}

@Suite struct ServerSessionExpiryTests {
    @Test func aSessionThatExpiredWhileTheSocketWasOpenCannotBid() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 3),
                                        hooks: ServerHooks(makeSessionResolver: { _ in ExpiredSessions() }))
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }
        #expect(try await client.request(.login(token: "stale")).result)

        let bid = try await client.bid(1, 20_000)

        #expect(!bid.result)
        #expect(bid.reason == .unauthenticated)
        #expect(fixture.logged("is no longer logged in as alice"))
    }
}

@Suite struct SessionRevocationsTests {
    @Test func remembersRevocationsUntilTheSessionWouldHaveExpired() {
        var revocations = SessionRevocations(capacity: 2)
        let now = Timestamp(millisecondsSinceEpoch: 1_000_000)
        revocations.revoke("a", expiresAt: now.adding(milliseconds: 10), now: now)
        revocations.revoke("b", expiresAt: now.adding(milliseconds: 1_000), now: now)
        #expect(revocations.isRevoked("a") && revocations.isRevoked("b"))

        // A third entry when "a" has expired: "a" makes room, nothing else is lost.
        revocations.revoke("c", expiresAt: now.adding(milliseconds: 1_000), now: now.adding(milliseconds: 10))
        #expect(!revocations.isRevoked("a") && revocations.isRevoked("b") && revocations.isRevoked("c"))
        #expect(revocations.generation == 0)

        // Full with live entries: the table starts afresh under a new generation.
        revocations.revoke("d", expiresAt: now.adding(milliseconds: 1_000), now: now.adding(milliseconds: 10))
        #expect(revocations.generation == 1)
        #expect(revocations.isRevoked("d") && revocations.count == 1)
    }

    @Test func sessionsAreReconfirmedOnceAfterTheTableOverflowed() throws {
        let fixture = try AccountFixture(configuration: .init(revokedSessionsKept: 1))
        defer { fixture.remove() }
        let kept = try fixture.service.register(name: "olga", password: "correct horse")
        let dropped = try fixture.service.login(name: "olga", password: "correct horse", address: nil)
        let other = try fixture.service.login(name: "olga", password: "correct horse", address: nil)
        let generation = fixture.service.revocationGeneration
        let now = fixture.clock.now()
        func confirm(_ token: String, _ generation: Int) -> Int? {
            fixture.service.confirmSession(tokenHash: SessionToken.hash(token), expiresAt: kept.expiresAt, generation: generation, now: now)
        }
        #expect(confirm(kept.token, generation) == generation)

        // Two revocations overflow a table of one: the first is forgotten in memory.
        try fixture.service.logout(token: dropped.token)
        try fixture.service.logout(token: other.token)
        #expect(fixture.service.revocationGeneration == generation + 1)

        // A session confirmed under the old generation is checked against the store once.
        #expect(confirm(dropped.token, generation) == nil)
        #expect(confirm(other.token, generation) == nil)
        #expect(confirm(kept.token, generation) == generation + 1)
        // Expiry needs no store at all.
        #expect(fixture.service.confirmSession(tokenHash: SessionToken.hash(kept.token), expiresAt: now, generation: generation + 1,
                                               now: now) == nil)
    }
}
