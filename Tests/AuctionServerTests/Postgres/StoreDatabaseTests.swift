import AuctionServer
import AuctionTestSupport
import Testing

/// The same SQL through `StoreDatabase` on both engines: what dialect-neutral stores rely on.
@Suite struct StoreDatabaseTests {
    @Test(arguments: [StoreDialect.sqlite, .postgres])
    func sharedSQLBehavesTheSameOnBothEngines(_ dialect: StoreDialect) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fixture = dialect == .postgres ? try PostgresFixture() : nil
        let database: any StoreDatabase = if let fixture {
            try PostgresConnection(fixture.url)
        } else {
            try SQLiteDatabase(path: folder.file("shared.sqlite"))
        }
        #expect(database.dialect == dialect)
        try database.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT NOT NULL, bytes BLOB)"
                             .replacingBlob(for: dialect))
        let inserted = try database.rows("INSERT INTO t (id, name, bytes) VALUES (?, ?, ?) RETURNING id", [.integer(7), .text("lamp"), .blob([1, 2])]) {
            $0.int64(0)
        }
        #expect(inserted == [7])
        let upserted = try database.write("INSERT INTO t (id, name) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                                          [.integer(7), .text("desk")])
        #expect(upserted == 1)
        #expect(try database.write("UPDATE t SET name = ? WHERE id = ?", [.text("x"), .integer(99)]) == 0)
        let names = try database.rows("SELECT name, bytes FROM t WHERE id = ?", [.integer(7)]) { ($0.text(0), $0.blob(1)) }
        #expect(names.map(\.0) == ["desk"])
        #expect(names.map(\.1) == [[1, 2]])
        #expect(throws: StoreError.self) {
            try database.inTransaction { () throws(StoreError) in
                try database.write("INSERT INTO t (id, name) VALUES (?, ?)", [.integer(8), .text("chair")])
                try database.write("INSERT INTO t (id, name) VALUES (?, ?)", [.integer(8), .text("again")])
            }
        }
        #expect(try database.scalarInteger("SELECT COUNT(*) FROM t", []) == 1)
    }
}

extension String {
    /// The statement with SQLite's BLOB type spelled as PostgreSQL's BYTEA where needed.
    fileprivate func replacingBlob(for dialect: StoreDialect) -> String {
        dialect == .postgres ? replacingOccurrences(of: "BLOB", with: "BYTEA") : self
    }
}
