import AuctionCore
import AuctionServer
import AuctionTestSupport
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

        // The call that finds the connection dead fails as unavailable (nothing written), or already
        // succeeds on a new connection; either way the one after it answers from the store.
        do { _ = try store.user(named: "alice") } catch { #expect(Self.isUnavailable(error), "\(error)") }
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
        _ = try admin.scalarInteger("""
            SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
    }

    private static func isUnavailable(_ error: StoreError) -> Bool {
        if case .unavailable = error { return true }
        return false
    }
}
