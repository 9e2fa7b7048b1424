import AuctionServer
import AuctionTestSupport
import CSQLite
import Testing

@Suite struct SQLiteDatabaseTests {
    @Test func bindsAndReadsEveryStorageClass() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.file("values.sqlite"))
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
        let text = "slash / quote \" back \\ newline \n emoji 🎉 nul \u{0}end"
        try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                         [.integer(Int64.min), .real(2.5), .text(text), .blob([0, 1, 255]), .null])
        try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                         [.integer(Int64.max), .real(-0.125), .text(""), .blob([]), .integer(nil)])

        let rows = try database.query("SELECT i, r, s, b, n FROM t ORDER BY rowid") { row in
            (row.int64(0), row.double(1), row.optionalText(2), row.blob(3), row.isNull(3), row.optionalInt64(4))
        }
        #expect(rows.count == 2)
        #expect(rows[0].0 == Int64.min && rows[0].1 == 2.5 && rows[0].2 == text && rows[0].3 == [0, 1, 255])
        #expect(rows[0].5 == nil)
        // Empty text and empty blob stay values, not NULL.
        #expect(rows[1].0 == Int64.max && rows[1].1 == -0.125 && rows[1].2 == "" && rows[1].3 == [] && rows[1].4 == false)
    }

    @Test func preparedStatementRunsAgainAfterReset() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.file("reset.sqlite"))
        try database.execute("CREATE TABLE t (v INTEGER NOT NULL)")
        let insert = try database.prepare("INSERT INTO t VALUES (?)")
        for value in 1...5 {
            insert.reset()
            try insert.bind(Int64(value), at: 1)
            #expect(try insert.step() == false)
        }
        #expect(try database.scalarInteger("SELECT SUM(v) FROM t") == 15)
        #expect(database.changes == 1)
        #expect(database.lastInsertRowID == 5)
    }

    @Test func transactionCommitsOnReturnAndRollsBackOnThrow() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.file("tx.sqlite"))
        try database.execute("CREATE TABLE t (v INTEGER UNIQUE)")

        try database.transaction { () throws(StoreError) in try database.run("INSERT INTO t VALUES (1)") }
        #expect(throws: StoreError.self) {
            try database.transaction { () throws(StoreError) in
                try database.run("INSERT INTO t VALUES (2)")
                try database.run("INSERT INTO t VALUES (1)") // unique violation
            }
        }
        #expect(database.isAutocommit)
        #expect(try database.query("SELECT v FROM t") { $0.int64(0) } == [1])
    }

    @Test func nestedTransactionRollsBackOnlyItsOwnWork() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.file("nested.sqlite"))
        try database.execute("CREATE TABLE t (v INTEGER UNIQUE)")
        try database.transaction { () throws(StoreError) in
            try database.run("INSERT INTO t VALUES (1)")
            try? database.transaction { () throws(StoreError) in
                try database.run("INSERT INTO t VALUES (2)")
                try database.run("INSERT INTO t VALUES (1)")
            }
        }
        #expect(try database.query("SELECT v FROM t ORDER BY v") { $0.int64(0) } == [1])
    }

    @Test func reportsSQLiteMessageAndPath() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("errors.sqlite")
        let database = try SQLiteDatabase(path: path)
        do {
            _ = try database.prepare("SELEKT 1")
            Issue.record("a syntax error was accepted")
        } catch {
            #expect(error.sqliteCode == SQLITE_ERROR)
            guard case .sqlite(_, let message, let errorPath) = error else { Issue.record("wrong case \(error)"); return }
            #expect(message.contains("syntax error"))
            #expect(errorPath == path)
        }
    }

    @Test func lockedDatabaseSaysSo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("locked.sqlite")
        let holder = try SQLiteDatabase.openStore(at: path)
        let waiter = try SQLiteDatabase.openStore(at: path, busyTimeoutMilliseconds: 10)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        #expect(throws: StoreError.sqlite(code: SQLITE_BUSY, message: "database is locked", path: path)) {
            try waiter.execute("BEGIN IMMEDIATE")
        }
    }

    @Test func closedDatabaseRefusesWork() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("closed.sqlite")
        let database = try SQLiteDatabase(path: path)
        database.close()
        #expect(!database.isOpen)
        #expect(throws: StoreError.closed(path: path)) { try database.execute("SELECT 1") }
    }

    @Test func missingFileWithoutCreateFailsToOpen() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("absent.sqlite")
        #expect(throws: StoreError.self) { _ = try SQLiteDatabase(path: path, options: [.readWrite]) }
    }
}
