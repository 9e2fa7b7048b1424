import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// Issue 33's names: unique without regard to case, look-alikes refused with the reason, and a
/// database that already held `Alice` and `alice` keeps both accounts after the migration.
@Suite struct AccountNameKeyTests {
    @Test func aNameDifferingOnlyInCaseOrByALookAlikeIsRefusedWithTheReason() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "alice", password: "correct horse")
        _ = try fixture.service.register(name: "mary", password: "correct horse")

        for name in ["Alice", "ALICE", "aLiCe"] {
            #expect(throws: AccountError.nameTaken(name)) { try fixture.service.register(name: name, password: "correct horse") }
        }
        for name in ["a1ice", "AIice", "rnary"] {
            let refused = #expect(throws: AccountError.self) { try fixture.service.register(name: name, password: "correct horse") }
            #expect(refused == .nameConfusable(name), "\(name)")
            #expect(refused?.description.contains("looks too much like an existing user's name") == true)
        }
        #expect(throws: AccountError.nameTaken("MARY")) { try fixture.service.register(name: "MARY", password: "correct horse") }
        // Unicode look-alikes never get this far: the character rule refuses them.
        for name in ["alic\u{0435}", "\u{FF41}lice"] {
            #expect(throws: AccountError.self) { try fixture.service.register(name: name, password: "correct horse") }
        }
        // Different keys are different users.
        #expect(try fixture.service.register(name: "alicia", password: "correct horse").name == "alicia")
        #expect(try fixture.service.register(name: "b0b", password: "correct horse").name == "b0b")
        #expect(throws: AccountError.nameConfusable("bob")) { try fixture.service.register(name: "bob", password: "correct horse") }
    }

    @Test func aDatabaseWithNamesThatCollideKeepsEveryAccountAfterTheMigration() throws {
        let folder = try TemporaryDirectory(prefix: "names")
        defer { folder.remove() }
        let path = folder.file("auction.sqlite")
        let database = try SQLiteDatabase(path: path)
        for migration in StoreSchema.migrations where migration.version <= 10 {
            try database.execute(migration.sql)
            try database.execute("PRAGMA user_version = \(migration.version)")
        }
        for name in ["Alice", "alice", "a1ice", "bob"] {
            try database.run("INSERT INTO users (name, password_hash, created_at) VALUES (?, 'x', 0)", [.text(name)])
        }
        database.close()

        let store = try AccountStore(path: path)  // migrates to the current version
        defer { store.close() }
        for name in ["Alice", "alice", "a1ice", "bob"] { #expect(try store.user(named: name)?.name == name, "\(name) is kept") }
        let inspect = try SQLiteDatabase(path: path, options: [.readOnly])
        defer { inspect.close() }
        let keys = try inspect.rows("SELECT name, name_key FROM users ORDER BY id") { ($0.text(0), $0.optionalText(1)) }
        #expect(keys.map { "\($0.0)=\($0.1 ?? "-")" } == ["Alice=allce", "alice=-", "a1ice=-", "bob=bob"],
                "the oldest of each key holds it; the later ones keep their names and logins")
        let service = AccountService(store: store, clock: ManualClock())
        #expect(throws: AccountError.nameTaken("ALICE")) { try service.register(name: "ALICE", password: "correct horse") }
        #expect(throws: AccountError.nameConfusable("b0b")) { try service.register(name: "b0b", password: "correct horse") }
    }
}
