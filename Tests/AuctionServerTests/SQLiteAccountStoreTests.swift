import AuctionCore
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct SQLiteAccountStoreTests {
    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    @Test func createsUsersWithUniqueNames() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try AccountStore(path: folder.file("accounts.sqlite"))

        let alice = try #require(try store.createUser(name: "alice", passwordHash: "$y$j9T$salt$hash", at: Self.now))
        let again = try store.createUser(name: "alice", passwordHash: "other", at: Self.now)
        let bob = try store.createUser(name: "bob", passwordHash: "h", at: Self.now)

        #expect(again == nil)
        #expect(bob != nil && bob != alice)
        let found = try #require(try store.user(named: "alice"))
        #expect(found.id == alice && found.passwordHash == "$y$j9T$salt$hash" && found.createdAt == Self.now)
        #expect(try store.user(named: "carol") == nil)
    }

    @Test func sessionsExpireAndRevoke() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("sessions.sqlite")
        let store = try AccountStore(path: path)
        let user = try #require(try store.createUser(name: "dana", passwordHash: "h", at: Self.now))
        let expires = Self.now.adding(milliseconds: 30 * 86_400_000)
        try store.createSession(tokenHash: "abc123", userID: user, createdAt: Self.now, expiresAt: expires)

        let session = try #require(try store.session(tokenHash: "abc123"))
        #expect(session.userID == user && session.userName == "dana")
        #expect(session.isValid(at: Self.now) && !session.isValid(at: expires))

        #expect(try store.revokeSession(tokenHash: "abc123", at: Self.now.adding(milliseconds: 1)))
        #expect(try store.revokeSession(tokenHash: "abc123", at: Self.now.adding(milliseconds: 2)) == false)
        let revoked = try #require(try store.session(tokenHash: "abc123"))
        #expect(revoked.revokedAt == Self.now.adding(milliseconds: 1) && !revoked.isValid(at: Self.now))
        #expect(try store.session(tokenHash: "nope") == nil)

        #expect(try store.removeExpiredSessions(before: expires) == 1)
        #expect(try store.session(tokenHash: "abc123") == nil)
    }

    @Test func sessionForAMissingUserIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try AccountStore(path: folder.file("orphan.sqlite"))
        #expect(throws: StoreError.self) {
            try store.createSession(tokenHash: "t", userID: UserID(rawValue: 42), createdAt: Self.now, expiresAt: Self.now)
        }
    }
}
