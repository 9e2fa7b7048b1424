import AuctionServer
import AuctionTestSupport

/// A store for one test on either engine: a SQLite file in a temporary folder, or a fresh PostgreSQL
/// database migrated to the current schema (`PostgresFixture`, dropped when this goes).
final class TestStore: Sendable {
    /// Where the stores under test open.
    let target: StoreTarget
    private let folder: TemporaryDirectory
    private let fixture: PostgresFixture?

    /// A new, empty store on `dialect`'s engine.
    init(_ dialect: StoreDialect) throws {
        folder = try TemporaryDirectory()
        switch dialect {
        case .sqlite:
            fixture = nil
            target = .file(folder.file("store.sqlite"))
        case .postgres:
            let fixture = try PostgresFixture()
            self.fixture = fixture
            let connection = try PostgresConnection(fixture.url)
            defer { connection.close() }
            try PostgresSchema.migrate(connection)
            target = .postgres(try PostgresConnectionString(fixture.url))
        }
    }

    deinit { folder.remove() }

    /// Both engines, for `@Test(arguments:)`.
    static let engines: [StoreDialect] = [.sqlite, .postgres]
}
