import AuctionCore
import AuctionServer
import AuctionTestSupport
import Glibc
import Testing

/// A store whose PostgreSQL connection broke opens it again at the next call (the server restarted,
/// an administrator ended the backend): nodes keep serving pages, logins and chat afterwards.
@Suite struct StoreReconnectTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    @Test func aStoreWhoseBackendWasEndedAnswersAgainFromTheNextCall() throws {
        let test = try TestStore(.postgres)
        let store = try AccountStore(target: test.target)
        defer { store.close() }
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "h", at: Self.now))

        try Self.endOtherBackends(test)

        // The ended backend told the connection so before closing it: the next call opens a new one.
        #expect(try store.user(named: "alice")?.id == alice)
        #expect(try store.createUser(name: "bob", passwordHash: "h", at: Self.now) != nil)
    }

    @Test func aClosedStoreStaysClosed() throws {
        let test = try TestStore(.postgres)
        let store = try AccountStore(target: test.target)
        store.close()
        #expect(throws: StoreError.self) { try store.user(named: "alice") }
        #expect(throws: StoreError.self) { try store.user(named: "alice") }
    }

    /// Ends every backend of the test's database but the one asking.
    private static func endOtherBackends(_ test: TestStore) throws {
        guard case .postgres(let url) = test.target else { return }
        let admin = try PostgresConnection(url.conninfo)
        defer { admin.close() }
        let others = "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        _ = try admin.scalarInteger("SELECT COUNT(pg_terminate_backend(pid)) " + others)
        // pg_terminate_backend only signals: wait until the backends are gone (their farewell sent).
        for _ in 0..<1_000 where try admin.scalarInteger("SELECT COUNT(*) " + others) != 0 { usleep(5_000) }
    }
}
