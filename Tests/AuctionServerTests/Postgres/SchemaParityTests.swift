import AuctionServer
import AuctionTestSupport
import Testing

/// The schema is written once per engine (`StoreSchema`, `PostgresSchema`): this reads both back from
/// fresh stores and compares their tables, columns and indexes, so neither drifts unseen. What only
/// one engine has is listed here, with why.
@Suite struct SchemaParityTests {
    /// SQLite's full-text tables (FTS5; their shadow tables `_config`, `_data`, `_docsize`, `_idx` go with
    /// them) and the word-pair table search plans read: PostgreSQL searches through trigram indexes instead.
    static let sqliteOnlyTables: Set<String> = ["product_names", "product_search", "product_words", "product_pairs"]
    /// PostgreSQL's own: the schema version (SQLite keeps it in `PRAGMA user_version`), the chat
    /// rooms' sequences, members and nodes that several nodes share (one SQLite node keeps them in memory),
    /// and the queue of products whose sort keys wait for their copy (SQLite sorts by the live columns).
    static let postgresOnlyTables: Set<String> = ["schema_version", "chat_rooms", "chat_members", "chat_nodes", "products_unsorted"]
    /// Columns only one engine has, as `table.column`: the per-lot and per-room sequences the nodes'
    /// pushes are ordered by (one SQLite node orders by row id), and PostgreSQL's sort keys, copies of
    /// the columns a bid moves that keep the bid's own product update HOT (SQLite has no such thing).
    static let sqliteOnlyColumns: Set<String> = []
    static let postgresOnlyColumns: Set<String> = ["bids.seq", "chat_messages.room_seq",
                                                   "products.sort_price", "products.sort_change", "products.sort_bids"]
    /// Indexes only one engine has (by name): the sequences' indexes and PostgreSQL's trigram search.
    static let sqliteOnlyIndexes: Set<String> = []
    static let postgresOnlyIndexes: Set<String> = [
        "bids_by_product_seq", "chat_messages_by_room_seq",
        "products_name_trigrams", "products_description_trigrams", "products_seller_trigrams",
    ]

    /// Tables → columns, and index names, of a fresh SQLite store.
    static func sqliteShape() throws -> (columns: [String: Set<String>], indexes: Set<String>) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.file("schema.sqlite"))
        _ = try StoreSchema.migrate(database)
        let tables = try database.rows("""
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            """, []) { $0.text(0) }
        var columns: [String: Set<String>] = [:]
        for table in tables {
            columns[table] = Set(try database.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) })
        }
        let indexes = try database.rows("""
            SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'
            """, []) { $0.text(0) }
        return (columns, Set(indexes))
    }

    /// Tables → columns, and index names (primary keys' and unique constraints' own left out, as SQLite's autoindexes are), of a fresh PostgreSQL store.
    static func postgresShape() throws -> (columns: [String: Set<String>], indexes: Set<String>) {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        let connection = try PostgresConnection(fixture.url)
        _ = try PostgresSchema.migrate(connection)
        let pairs = try connection.rows("""
            SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()
            """, []) { ($0.text(0), $0.text(1)) }
        var columns: [String: Set<String>] = [:]
        for (table, column) in pairs { columns[table, default: []].insert(column) }
        let indexes = try connection.rows("""
            SELECT i.indexname FROM pg_indexes i WHERE i.schemaname = current_schema()
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
            """, []) { $0.text(0) }
        return (columns, Set(indexes))
    }

    @Test func bothEnginesHaveTheSameTablesColumnsAndIndexes() throws {
        let sqlite = try Self.sqliteShape()
        let postgres = try Self.postgresShape()
        let shadows = ["_config", "_data", "_docsize", "_idx", "_content"]
        let sqliteTables = Set(sqlite.columns.keys).filter { table in
            !Self.sqliteOnlyTables.contains { fts in shadows.contains { table == fts + $0 } }
        }
        let postgresTables = Set(postgres.columns.keys)
        #expect(sqliteTables.subtracting(postgresTables) == Self.sqliteOnlyTables, "tables only SQLite has")
        #expect(postgresTables.subtracting(sqliteTables) == Self.postgresOnlyTables, "tables only PostgreSQL has")
        var sqliteOnly: Set<String> = [], postgresOnly: Set<String> = []
        for table in sqliteTables.intersection(postgresTables) {
            let a = sqlite.columns[table] ?? [], b = postgres.columns[table] ?? []
            sqliteOnly.formUnion(a.subtracting(b).map { "\(table).\($0)" })
            postgresOnly.formUnion(b.subtracting(a).map { "\(table).\($0)" })
        }
        #expect(sqliteOnly == Self.sqliteOnlyColumns, "columns only SQLite has")
        #expect(postgresOnly == Self.postgresOnlyColumns, "columns only PostgreSQL has")
        #expect(sqlite.indexes.subtracting(postgres.indexes) == Self.sqliteOnlyIndexes, "indexes only SQLite has")
        #expect(postgres.indexes.subtracting(sqlite.indexes) == Self.postgresOnlyIndexes, "indexes only PostgreSQL has")
    }
}
