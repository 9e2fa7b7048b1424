import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// A node with its own accounts (the default hooks) on a shared store, on a manual clock that the
/// tests never advance: a session's 10 s re-check never comes due, so only `auction_sessions` can
/// carry a logout from one node to another.
private final class AccountsNode: Sendable {
    let server: AuctionHouseServer
    let addresses: ServerAddresses
    let folder: TemporaryDirectory
    let loop: EventLoop
    let http: HTTPClient
    let logLines = Mutex<[String]>([])

    init(_ store: ClusterStore, clock: ManualClock) throws {
        folder = try TemporaryDirectory(prefix: "cluster-sessions")
        var configuration = ServerConfiguration.ephemeral(databasePath: folder.file("unused.sqlite"))
        configuration.store = store.store
        let lines = logLines
        server = AuctionHouseServer(configuration: configuration, log: ServerLog(level: .debug) { line in lines.withLock { $0.append(line) } },
                                    clock: clock)
        addresses = try server.start()
        loop = try EventLoop.spawn(name: "test-http")
        http = HTTPClient(baseURL: try HTTPBaseURL(parsing: addresses.httpURL), loop: loop)
    }

    func stop() {
        loop.shutdown()
        server.stop()
        folder.remove()
    }

    var socketPort: Int { addresses.socket.port }

    func listening(connections: Int = 1) async -> Bool {
        await eventually { (server.clusterStatistics?.connections ?? 0) >= connections }
    }

    func logged(_ text: String) -> Bool {
        logLines.withLock { $0.contains { $0.contains(text) } }
    }

    func register(_ name: String) async throws -> HTTPResponse {
        try await http.post("/users/register", json: AccountDTO.credentialsBody(name: name, password: "correct horse"))
    }

    func login(_ name: String) async throws -> UserSession {
        let answer = try await http.post("/users/login", json: AccountDTO.credentialsBody(name: name, password: "correct horse"))
        return try #require(AccountDTO.session(from: answer.body))
    }

    func logout(_ token: String) async throws -> HTTPStatus {
        try await http.post("/users/logout", json: AccountDTO.tokenBody(token)).status
    }

    func me(_ token: String) async throws -> HTTPStatus {
        try await http.send(HTTPRequest(method: .get, target: "/users/me", headers: ["Authorization": "Bearer " + token])).status
    }

    /// Waits (real time, at most 10 s; the node's clock stays put) until a fresh connection's login
    /// with `token` is refused here: the node has applied the token's revocation on its loop.
    func refusesLogin(_ token: String) async throws -> Bool {
        let probe = try TestClient(port: socketPort)
        defer { probe.close() }
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline {
            if try await !probe.request(.login(token: token)).result { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}

@Suite struct ClusterSessionsTests {
    private static func nodes(_ store: ClusterStore, clock: ManualClock) async throws -> (AccountsNode, AccountsNode) {
        let a = try AccountsNode(store, clock: clock), b = try AccountsNode(store, clock: clock)
        #expect(await a.listening())
        #expect(await b.listening())
        return (a, b)
    }

    @Test func aLoginThroughOneNodesHTTPWorksOnTheOtherNodesSocket() async throws {
        let store = try ClusterStore(products: 3)
        let (a, b) = try await Self.nodes(store, clock: ManualClock())
        defer { a.stop(); b.stop() }
        #expect(try await a.register("olga").status == .created)
        let session = try await a.login("olga")

        let client = try TestClient(port: b.socketPort)
        defer { client.close() }
        let login = try await client.request(.login(token: session.token))
        #expect(login.result && login.fields["user_name"]?.stringValue == "olga")
        #expect(try await client.bid(1, 20_000).result)
        #expect(try await b.me(session.token) == .ok)
    }

    @Test func aLogoutOnOneNodeIsRefusedOnTheOtherAtOnceWithoutTheRecheck() async throws {
        let store = try ClusterStore(products: 3)
        let clock = ManualClock()
        let started = clock.now()
        let (a, b) = try await Self.nodes(store, clock: clock)
        defer { a.stop(); b.stop() }
        #expect(try await a.register("pia").status == .created)
        let session = try await a.login("pia")
        let kept = try await a.login("pia")  // the same user's other session, also used on B
        let client = try TestClient(port: b.socketPort), other = try TestClient(port: b.socketPort)
        defer { client.close(); other.close() }
        #expect(try await client.request(.login(token: session.token)).result)
        #expect(try await other.request(.login(token: kept.token)).result)
        #expect(try await client.bid(1, 20_000).result)
        #expect(try await client.request(.chatJoin(room: "product-1")).result)
        #expect(try await client.request(.chatSend(room: "product-1", text: "hello")).result)
        #expect(try await b.me(session.token) == .ok)  // cached on B now

        #expect(try await a.logout(session.token) == .ok)

        // B learns of it from the notification; its clock never moves, so the 10 s re-check never runs.
        #expect(try await b.refusesLogin(session.token))
        let bid = try await client.bid(1, 30_000)
        #expect(!bid.result && bid.reason == .unauthenticated)
        let chat = try await client.request(.chatSend(room: "product-1", text: "still here?"))
        #expect(!chat.result && chat.reason == .unauthenticated)
        #expect(try await b.me(session.token) == .unauthorized)
        #expect(b.logged("was revoked; 1 connection(s) here held it"))
        // Only that session: the user's other one bids on.
        #expect(try await other.bid(1, 40_000).result)
        #expect(clock.now() == started)
    }

    @Test func revocationsMissedWhileTheListenerReconnectedAreReadFromTheStore() async throws {
        let store = try ClusterStore(products: 3)
        let (a, b) = try await Self.nodes(store, clock: ManualClock())
        defer { a.stop(); b.stop() }
        #expect(try await a.register("quinn").status == .created)
        let session = try await a.login("quinn")
        let client = try TestClient(port: b.socketPort)
        defer { client.close() }
        #expect(try await client.request(.login(token: session.token)).result)
        #expect(try await client.bid(2, 20_000).result)

        // Revoked in the store with no notification (as one sent while B's listener was away would be lost).
        let hash = SessionToken.hash(session.token)
        #expect(try store.connection.run("UPDATE sessions SET revoked_at = 1 WHERE token_hash = ?", [.text(hash)]) == 1)
        let backend = try #require(b.server.clusterStatistics?.backendProcessID)
        try store.terminate(backend: backend)
        #expect(await b.listening(connections: 2))

        #expect(try await b.refusesLogin(session.token))
        let bid = try await client.bid(2, 30_000)
        #expect(!bid.result && bid.reason == .unauthenticated)
    }

    @Test func aNameRegisteredOnOneNodeIsRefusedOnTheOtherAsOnTheSameNode() async throws {
        let store = try ClusterStore(products: 1)
        let (a, b) = try await Self.nodes(store, clock: ManualClock())
        defer { a.stop(); b.stop() }
        #expect(try await a.register("rosa").status == .created)

        let sameNode = try await a.register("rosa")
        let otherNode = try await b.register("rosa")

        #expect(sameNode.status == .conflict && otherNode.status == .conflict)
        #expect(otherNode.body == sameNode.body)
    }

    @Test func theNotificationCarriesOnlyTheRevocationKeyNeverTheTokenOrItsHash() throws {
        let store = try ClusterStore(products: 1)
        let listener = try PostgresConnection(store.fixture.url)
        defer { listener.close() }
        try listener.listen(AccountStore.sessionChannel)
        let accounts = try AccountStore(target: .postgres(store.store))
        defer { accounts.close() }
        let token = try SessionToken.generate(), hash = SessionToken.hash(token)
        try accounts.createSession(tokenHash: hash, userID: UserID(rawValue: ClusterStore.remoteBidder),
                                   createdAt: Timestamp(millisecondsSinceEpoch: 0), expiresAt: Timestamp(millisecondsSinceEpoch: 10_000))

        #expect(try accounts.revokeSession(tokenHash: hash, at: Timestamp(millisecondsSinceEpoch: 1)))
        #expect(try !accounts.revokeSession(tokenHash: hash, at: Timestamp(millisecondsSinceEpoch: 2)))  // no second notice

        var payloads: [String] = []
        for _ in 0..<20 where payloads.isEmpty {
            payloads += try listener.waitForNotifications(milliseconds: 100).map(\.payload)
        }
        payloads += try listener.waitForNotifications(milliseconds: 50).map(\.payload)
        #expect(payloads == [String(hash.prefix(16))])
        #expect(SessionToken.isRevocationKey(payloads[0]) && !payloads[0].contains(token))
    }

    @Test func anUnreadableSessionsPayloadIsIgnoredAndLogged() async throws {
        let store = try ClusterStore(products: 1)
        let (a, b) = try await Self.nodes(store, clock: ManualClock())
        defer { a.stop(); b.stop() }
        try store.connection.notify(AccountStore.sessionChannel, payload: "not-a-revocation-key")
        #expect(await eventually { (b.server.clusterStatistics?.ignoredPayloads ?? 0) == 1 })
        #expect(await eventually { b.logged("ignored an unreadable auction_sessions payload") })
    }
}

/// What a node does with another node's revocation, on one service over SQLite (no store needed).
@Suite struct RemoteRevocationTests {
    @Test func aRevocationKeyFromAnotherNodeEndsTheCachedSessionHereAndNoOther() throws {
        let fixture = try AccountFixture(configuration: .init(tokenCacheSize: 100))
        defer { fixture.remove() }
        let ended = try fixture.service.register(name: "sara", password: "correct horse")
        let kept = try fixture.service.login(name: "sara", password: "correct horse", address: nil)
        let hash = SessionToken.hash(ended.token)
        let generation = fixture.service.revocationGeneration
        #expect(fixture.service.user(forToken: ended.token) != nil)  // cached

        #expect(!fixture.service.revokedElsewhere(key: String(hash.prefix(15))))
        #expect(!fixture.service.revokedElsewhere(key: String(hash.prefix(15)) + "A"))  // upper case: not a key (a prefix of digits only upper-cases to itself)
        #expect(fixture.service.user(forToken: ended.token) != nil)
        #expect(fixture.service.revokedElsewhere(key: SessionToken.revocationKey(ofHash: hash)))

        #expect(fixture.service.user(forToken: ended.token) == nil)
        #expect(fixture.service.confirmSession(tokenHash: hash, expiresAt: ended.expiresAt, generation: generation,
                                               now: fixture.clock.now()) == nil)
        #expect(fixture.service.user(forToken: kept.token) != nil)
    }

    @Test func aCachedSessionPastTheRecheckPeriodIsReadFromTheStoreAgainNotRefused() throws {
        var configuration = AccountService.Configuration(tokenCacheSize: 100)
        configuration.sessionRecheckMilliseconds = 10_000
        let fixture = try AccountFixture(configuration: configuration)
        defer { fixture.remove() }
        let kept = try fixture.service.register(name: "uma", password: "correct horse")
        let revoked = try fixture.service.login(name: "uma", password: "correct horse", address: nil)
        #expect(fixture.service.user(forToken: kept.token) != nil)
        #expect(fixture.service.user(forToken: revoked.token) != nil)
        // Revoked behind the service's back (another node's logout), then the period passes.
        #expect(try fixture.store.revokeSession(tokenHash: SessionToken.hash(revoked.token), at: fixture.clock.now()))
        fixture.clock.advance(milliseconds: 10_001)

        // The valid session is read again and still answers (it was refused once before); the revoked one is not.
        #expect(fixture.service.user(forToken: kept.token)?.name == "uma")
        #expect(fixture.service.user(forToken: kept.token)?.name == "uma")
        #expect(fixture.service.user(forToken: revoked.token) == nil)
    }

    @Test func recheckingAllSessionsReadsEachFromTheStoreOnceMore() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        let session = try fixture.service.register(name: "tess", password: "correct horse")
        let hash = SessionToken.hash(session.token)
        let generation = fixture.service.revocationGeneration
        // Revoked behind the service's back, as another node's missed notification would leave it.
        #expect(try fixture.store.revokeSession(tokenHash: hash, at: fixture.clock.now()))
        #expect(fixture.service.confirmSession(tokenHash: hash, expiresAt: session.expiresAt, generation: generation,
                                               now: fixture.clock.now()) == generation)

        fixture.service.recheckAllSessions()

        #expect(fixture.service.confirmSession(tokenHash: hash, expiresAt: session.expiresAt, generation: generation,
                                               now: fixture.clock.now()) == nil)
        #expect(fixture.service.user(forToken: session.token) == nil)
    }
}
