import AuctionCore
import AuctionData
import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Testing

/// A node on a shared PostgreSQL store while another session holds a table locked (a migration, a
/// `VACUUM FULL`): a login with a token the node has not seen, or a chat join, waits for the lock on a
/// worker, while another connection's ping is answered at once; after the unlock the waiting
/// connection's answers arrive in order.
@Suite struct LockedTableTests {
    private final class Node: Sendable {
        let server: AuctionHouseServer
        let folder: TemporaryDirectory
        let port: Int
        let logLines = Mutex<[String]>([])

        init(_ store: ClusterStore, clock: any TimeSource = SystemClock()) throws {
            folder = try TemporaryDirectory(prefix: "locked-table")
            var configuration = ServerConfiguration.ephemeral(databasePath: folder.file("unused.sqlite"))
            configuration.store = store.store
            // The lock is held for as long as a loaded machine takes to show the bystander answered: the
            // node's reads must wait that long rather than give up (`store_timeout`, 5 s by default).
            configuration.postgres.timeoutMilliseconds = 120_000
            let lines = logLines
            server = AuctionHouseServer(configuration: configuration, log: ServerLog(level: .debug) { line in lines.withLock { $0.append(line) } },
                                        clock: clock)
            port = try server.start().socket.port
        }

        func logged(_ text: String) -> Bool {
            logLines.withLock { $0.contains { $0.contains(text) } }
        }

        func stop() {
            server.stop()
            folder.remove()
        }
    }

    /// A session for a new user written straight into the store: the node has never seen its token.
    private static func freshToken(_ store: ClusterStore, name: String, clock: any TimeSource = SystemClock()) throws -> String {
        let accounts = try AccountStore(target: .postgres(store.store))
        defer { accounts.close() }
        let now = clock.now()
        let user = try #require(try accounts.createUser(name: name, passwordHash: "x", at: now))
        let token = try SessionToken.generate()
        _ = try accounts.createSession(tokenHash: SessionToken.hash(token), userID: user, createdAt: now,
                                       expiresAt: now.adding(milliseconds: 3_600_000), keeping: 5)
        return token
    }

    /// Locks `table` in a transaction of its own until `unlock` commits it.
    private static func lock(_ table: String, _ store: ClusterStore) throws -> PostgresConnection {
        let locker = try PostgresConnection(store.fixture.url)
        _ = try locker.run("BEGIN")
        _ = try locker.run("LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE")
        return locker
    }

    /// With `table` locked, `waiting` sends `messages` (two requests, ids 1 and 2), whose store read waits
    /// for the lock; meanwhile `bystander`'s ping is answered; after the unlock both answers come, in order, accepted.
    private static func expectBystanderServed(while table: String, _ store: ClusterStore, waiting: RawSocket, sends messages: [ClientMessage],
                                              bystander: RawSocket) async throws {
        let locker = try lock(table, store)
        var locked = true
        defer { if locked { _ = try? locker.run("COMMIT") }; locker.close() }

        #expect(waiting.send(StoreWaitTests.frames(messages)))
        #expect(await eventually { someoneWaits(store) })

        #expect(await bystander.exchange([.ping]).first??.result == true)
        _ = try locker.run("COMMIT")
        locked = false
        let answers = StoreWaitTests.replies(await waiting.readFrames(2))
        #expect(answers.map(\.id) == [1, 2])
        #expect(answers.map(\.result) == [true, true])
    }

    /// Whether some session waits for a lock (the node's read reached the locked table).
    private static func someoneWaits(_ store: ClusterStore) -> Bool {
        // This test's database only: other suites share the PostgreSQL server and wait on locks of their own.
        ((try? store.connection.scalarInteger("""
            SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE NOT l.granted AND a.datname = current_database()
            """)) ?? nil ?? 0) > 0
    }

    @Test func aLoginWhileSessionsIsLockedLeavesAnotherConnectionsPingAnswered() async throws {
        let store = try ClusterStore(products: 2)
        let node = try Node(store)
        defer { node.stop() }
        let token = try Self.freshToken(store, name: "lena")
        let waiting = try RawSocket(port: node.port), bystander = try RawSocket(port: node.port)
        defer { waiting.close(); bystander.close() }
        try await Self.expectBystanderServed(while: "sessions", store, waiting: waiting, sends: [.login(token: token), .ping],
                                             bystander: bystander)
    }

    @Test func aChatJoinWhileChatMessagesIsLockedLeavesAnotherConnectionsPingAnswered() async throws {
        let store = try ClusterStore(products: 2)
        let node = try Node(store)
        defer { node.stop() }
        let token = try Self.freshToken(store, name: "mira")
        let waiting = try RawSocket(port: node.port), bystander = try RawSocket(port: node.port)
        defer { waiting.close(); bystander.close() }
        #expect(waiting.exchangeBlocking([.login(token: token)], first: 10).first??.result == true)
        try await Self.expectBystanderServed(while: "chat_messages", store, waiting: waiting, sends: [.chatJoin(room: "lobby"), .ping],
                                             bystander: bystander)
    }

    @Test func aBidAfterTheRecheckPeriodTurnsWaitsForNoStoreReadWhileSessionsIsLocked() async throws {
        let store = try ClusterStore(products: 2)
        let clock = ManualClock()  // starts on a period boundary: the background re-check is due 8 s in
        let node = try Node(store, clock: clock)
        defer { node.stop() }
        let token = try Self.freshToken(store, name: "nora", clock: clock)
        let bidder = try RawSocket(port: node.port)
        defer { bidder.close() }
        #expect(bidder.exchangeBlocking([.login(token: token)]).first??.result == true)

        clock.advance(milliseconds: 8_500)  // past the background re-check, still in the first period
        #expect(await eventually { node.logged("1 of 1 session(s) confirmed ahead") })
        let locker = try Self.lock("sessions", store)
        var locked = true
        defer { if locked { _ = try? locker.run("COMMIT") }; locker.close() }
        clock.advance(milliseconds: 2_000)  // the next period: the session is due for its store re-check

        // Confirmed ahead, in memory: the bid is decided and committed while `sessions` stays locked.
        let bid = ClientMessage.bid(Bid(productID: ProductID(1), price: Money(20_000)), userID: nil)
        let reply = await bidder.exchange([bid], first: 2)
        #expect(reply.first??.result == true)
        #expect(Self.someoneWaits(store) == false)
        _ = try locker.run("COMMIT")
        locked = false
    }
}
