import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct StoreSchemaTests {
    @Test func migratesAnEmptyFileToTheCurrentVersion() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.file("fresh.sqlite"))
        #expect(try StoreSchema.version(of: database) == 0)

        let applied = try StoreSchema.migrate(database)

        #expect(applied == StoreSchema.migrations.map(\.version))
        #expect(try StoreSchema.version(of: database) == StoreSchema.currentVersion)
        let tables = try database.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { $0.text(0) }
        #expect(tables == [
            "bids", "chat_messages", "house_secrets", "image_blobs", "images", "log_keys", "log_signatures", "lot_log",
            "moderation_log", "notifications", "price_history",
            "product_names", "product_names_config", "product_names_data", "product_names_docsize", "product_names_idx", "product_pairs",
            "product_search", "product_search_config", "product_search_data", "product_search_docsize", "product_search_idx",
            "product_words", "product_words_config", "product_words_data", "product_words_docsize", "product_words_idx",
            "products", "proxy_maximums", "reports", "sessions", "users", "watchlist",
        ])
        let indexes = try database.query("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL") { $0.text(0) }
        #expect(Set(indexes).isSuperset(of: ["bids_by_product", "images_by_product", "chat_messages_by_room", "sessions_by_user", "images_by_blob",
                                                  "notifications_by_user", "products_by_ending", "products_by_price", "products_by_bids"]))
    }

    @Test func reopeningIsIdempotentAndKeepsData() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("reopen.sqlite")
        do {
            let database = try SQLiteDatabase.openStore(at: path)
            try database.run("INSERT INTO users (name, password_hash, created_at) VALUES ('alice', 'x', 1)")
        }
        let again = try SQLiteDatabase.openStore(at: path)
        #expect(try StoreSchema.migrate(again) == [])
        #expect(try again.scalarInteger("SELECT COUNT(*) FROM users") == 1)
        #expect(try again.integrityCheck() == ["ok"])
    }

    @Test func storeUsesWALAndFullSync() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase.openStore(at: folder.file("wal.sqlite"))
        #expect(try database.pragma("journal_mode") == "wal")
        #expect(try database.pragma("synchronous") == "2") // FULL
        #expect(try database.pragma("foreign_keys") == "1")
    }

    @Test func appliesLaterMigrationsInOrderAndStopsAtAFailingOne() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.file("steps.sqlite"))
        let next = StoreSchema.currentVersion + 1
        let steps = StoreSchema.migrations + [
            StoreSchema.Migration(version: next, summary: "notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)"),
            StoreSchema.Migration(version: next + 1, summary: "broken", sql: "CREATE TABLE half (id INTEGER); CREATE TABLE oops ("),
        ]

        #expect(throws: StoreError.self) { try StoreSchema.migrate(database, migrations: steps) }

        #expect(try StoreSchema.version(of: database) == next)
        let tables = try database.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.text(0) }
        #expect(tables.contains("notes") && !tables.contains("half"))
        #expect(try StoreSchema.migrate(database, migrations: Array(steps.prefix(steps.count - 1))) == [])
    }

    @Test func refusesASchemaFromTheFuture() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("future.sqlite")
        do {
            let database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA user_version = 999")
        }
        #expect(throws: StoreError.schemaTooNew(path: path, found: 999, supported: StoreSchema.currentVersion)) {
            _ = try SQLiteDatabase.openStore(at: path)
        }
    }

    @Test func userNamesAreUnique() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase.openStore(at: folder.file("users.sqlite"))
        try database.run("INSERT INTO users (name, password_hash, created_at) VALUES ('bob', 'h', 1)")
        #expect(throws: StoreError.self) {
            try database.run("INSERT INTO users (name, password_hash, created_at) VALUES ('bob', 'h2', 2)")
        }
    }
}
