@testable import AuctionServer
import AuctionTestSupport
import Testing

/// The libpq wrapper against a real PostgreSQL server started by `scripts/postgres`.
@Suite struct PostgresConnectionTests {
    @Test func placeholdersValuesAndNullsRoundTrip() throws {
        let fixture = try PostgresFixture()
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT, note TEXT, bytes BYTEA, amount DOUBLE PRECISION)")
        let bytes: [UInt8] = [0, 1, 2, 0x7f, 0x80, 0xff]
        let changed = try connection.run("INSERT INTO t (id, name, note, bytes, amount) VALUES (?, ?, ?, ?, ?)",
                                         [.integer(Int64.min), .text("it's ? \"quoted\" 한국어"), .null, .blob(bytes), .real(2.5)])
        #expect(changed == 1)
        let rows = try connection.query("SELECT id, name, note, bytes, amount, 'a ? in a literal' FROM t WHERE id = ?", [.integer(Int64.min)]) { row in
            (row.int64(0), row.text(1), row.optionalText(2), row.blob(3), row.double(4), row.text(5), row.isNull(2))
        }
        #expect(rows.count == 1)
        #expect(rows[0].0 == Int64.min)
        #expect(rows[0].1 == "it's ? \"quoted\" 한국어")
        #expect(rows[0].2 == nil)
        #expect(rows[0].3 == bytes)
        #expect(rows[0].4 == 2.5)
        #expect(rows[0].5 == "a ? in a literal")
        #expect(rows[0].6)
        #expect(try connection.scalarInteger("SELECT COUNT(*) FROM t") == 1)
        #expect(try connection.scalarInteger("SELECT 9223372036854775807") == Int64.max)
        #expect(try connection.scalarInteger("SELECT NULL::BIGINT") == nil)
    }

    /// A pipeline's statements with values are prepared once per session and run by name afterwards,
    /// with the same answers: a failure leaves the preparations made before it (a rollback does not take
    /// them), those after it are made by a later pipeline, and a session that lost them all
    /// (`DEALLOCATE ALL`) fails once, then prepares them anew.
    @Test func pipelinedStatementsArePreparedOncePerSessionAndRunByName() throws {
        let fixture = try PostgresFixture()
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT)")
        func round(_ id: Int64, divisor: Int64 = 1) throws -> [String] {
            var names: [String] = []
            try connection.pipeline([
                PipelinedStatement(sql: "BEGIN"),
                PipelinedStatement(sql: "INSERT INTO t (id, name) VALUES (?, ?)", values: [.integer(id), .text("n\(id)")]),
                PipelinedStatement(sql: "SELECT 1 / ?::bigint", values: [.integer(divisor)]),
                PipelinedStatement(sql: "SELECT name FROM t WHERE id <= ? ORDER BY id", values: [.integer(id)]) { names.append($0.text(0)) },
                PipelinedStatement(sql: "COMMIT"),
            ])
            return names
        }
        let prepared = { () throws -> Int64 in try connection.scalarInteger("SELECT COUNT(*) FROM pg_prepared_statements") ?? -1 }
        // Division by zero: the transaction fails and rolls back; what was prepared before it stays.
        #expect(throws: StoreError.self) { _ = try round(1, divisor: 0) }
        try connection.execute("ROLLBACK")  // as the ledger's writer does after a failed batch
        #expect(try prepared() == 2)
        #expect(try connection.scalarInteger("SELECT COUNT(*) FROM t") == 0)
        #expect(try round(1) == ["n1"])
        #expect(try prepared() == 3)
        #expect(try round(2) == ["n1", "n2"])
        #expect(try prepared() == 3, "later batches run them by name")

        try connection.execute("DEALLOCATE ALL")
        #expect(throws: StoreError.self) { _ = try round(3) }
        try connection.execute("ROLLBACK")
        #expect(try round(3) == ["n1", "n2", "n3"])
        #expect(try prepared() == 3)
    }

    @Test func aStatementPreparedAfterARowReaderFailedIsKeptNotPreparedAgain() throws {
        let fixture = try PostgresFixture()
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        // The reader of the first statement throws (the server saw no error), so the Parse of the
        // second still succeeded on the server: the session holds it, and the connection must know.
        func round(failing: Bool) throws {
            try connection.pipeline([
                PipelinedStatement(sql: "SELECT ?::bigint", values: [.integer(1)]) { _ throws(StoreError) in
                    if failing { throw StoreError.unexpectedValue(path: "test", detail: "a value out of range") }
                },
                PipelinedStatement(sql: "SELECT ?::bigint + 1", values: [.integer(2)]),
            ])
        }
        for _ in 0..<3 { #expect(throws: StoreError.self) { try round(failing: true) } }
        try round(failing: false)
        #expect(try connection.scalarInteger("SELECT COUNT(*) FROM pg_prepared_statements") == 2,
                "each statement prepared once, however many pipelines failed on the client's side")
    }

    @Test func aFailedTransactionLeavesNothingBehind() throws {
        let fixture = try PostgresFixture()
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
        #expect(throws: StoreError.self) {
            try connection.transaction { () throws(StoreError) in
                try connection.run("INSERT INTO t VALUES (1)")
                try connection.run("INSERT INTO t VALUES (1)")
            }
        }
        #expect(try connection.scalarInteger("SELECT COUNT(*) FROM t") == 0)
        do {
            try connection.run("INSERT INTO t VALUES (1)")
            try connection.run("INSERT INTO t VALUES (1)")
            Issue.record("a duplicate key must fail")
        } catch StoreError.postgres(let state, _, _) {
            #expect(state == "23505")
        }
    }

    @Test func notificationsReachAListenerAfterCommit() throws {
        let fixture = try PostgresFixture()
        let listener = try PostgresConnection(fixture.url)
        let sender = try PostgresConnection(fixture.url)
        defer { listener.close(); sender.close() }
        try listener.listen("auction_bids")
        try sender.transaction { () throws(StoreError) in
            try sender.notify("auction_bids", payload: "7:12")
            #expect(try listener.receivedNotifications().isEmpty)
        }
        var received: PostgresNotification?
        for _ in 0..<100 where received == nil {
            received = try listener.waitForNotifications(milliseconds: 100).first
        }
        #expect(received?.channel == "auction_bids")
        #expect(received?.payload == "7:12")
        #expect(throws: StoreError.self) { try listener.listen("bad channel; DROP TABLE x") }
    }

    @Test func migratesOnceAndRefusesANewerSchema() throws {
        let fixture = try PostgresFixture()
        let first = try PostgresConnection(fixture.url)
        let second = try PostgresConnection(fixture.url)
        defer { first.close(); second.close() }
        #expect(try PostgresSchema.migrate(first) == PostgresSchema.migrations.map(\.version))
        #expect(try PostgresSchema.migrate(second) == [])
        #expect(try PostgresSchema.version(of: second) == PostgresSchema.currentVersion)
        try first.run("INSERT INTO users (name, password_hash, created_at) VALUES (?, 'x', 1)", [.text("alice")])
        try first.run("INSERT INTO products (name, seller, start_price, current_price, last_change_at, listed_at) VALUES ('lamp', 'bob', 100, 100, 0, 0)")
        try first.run("INSERT INTO bids (product_id, price, previous_price, accepted_at) VALUES (1, 110, 100, 1)")
        #expect(try first.scalarInteger("SELECT bid_count FROM products WHERE id = 1") == 1)
        try first.run("UPDATE schema_version SET version = ?", [.integer(Int64(PostgresSchema.currentVersion + 1))])
        #expect(throws: StoreError.schemaTooNew(path: second.target, found: PostgresSchema.currentVersion + 1,
                                                 supported: PostgresSchema.currentVersion)) {
            try PostgresSchema.migrate(second)
        }
    }

    /// One insert of a batch's steps updates each product once, from its newest step: count, price and
    /// last change (`products_take_bids`, schema 6); each row update also rewrites every index of the
    /// row (the sort keys and the trigram indexes), so it was two per bid before and is one per product now.
    @Test func aBatchOfStepsUpdatesEachProductOnceFromItsNewest() throws {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        try PostgresSchema.migrate(connection)
        for name in ["lamp", "vase"] {
            try connection.run("INSERT INTO products (name, seller, start_price, current_price, last_change_at, listed_at) VALUES (?, 'bob', 100, 100, 0, 0)",
                               [.text(name)])
        }
        let before = try connection.scalarInteger("SELECT SUM(n_tup_upd) FROM pg_stat_xact_user_tables WHERE relname = 'products'") ?? 0
        try connection.transaction { () throws(StoreError) in
            try connection.run("""
                INSERT INTO bids (product_id, price, previous_price, accepted_at, seq)
                SELECT * FROM unnest(ARRAY[1, 1, 2, 1]::bigint[], ARRAY[110, 130, 150, 160]::bigint[], ARRAY[100, 110, 100, 130]::bigint[],
                                     ARRAY[1, 2, 3, 4]::bigint[], ARRAY[1, 2, 1, 3]::bigint[])
                """)
            let updated = try connection.scalarInteger("SELECT SUM(n_tup_upd) FROM pg_stat_xact_user_tables WHERE relname = 'products'") ?? 0
            #expect(updated - before == 2, "one row update per product, not one per step")
        }
        let rows = try connection.query("SELECT id, bid_count, current_price, last_change, last_change_at FROM products ORDER BY id", []) {
            [$0.int64(0), $0.int64(1), $0.int64(2), $0.int64(3), $0.int64(4)]
        }
        #expect(rows == [[1, 3, 160, 30, 4], [2, 1, 150, 50, 3]])
    }

    @Test func conninfoQuotesValuesAndAddsOnlyMissingDefaults() throws {
        let parsed = try PostgresConnectionString("host=127.0.0.1 user=auction password='it\\'s a \\\\ pass' keepalives_idle=7")
        let written = parsed.conninfo(adding: [("keepalives_idle", "1"), ("tcp_user_timeout", "900")])
        let reread = try PostgresConnectionString(written)
        #expect(Dictionary(uniqueKeysWithValues: zip(reread.keys, reread.values)) == [
            "host": "127.0.0.1", "user": "auction", "password": "it's a \\ pass", "keepalives_idle": "7", "tcp_user_timeout": "900",
        ])
        #expect(try PostgresConnectionString(parsed.conninfo).values == parsed.values)
    }

    @Test func badTargetsFailWithClearErrors() async throws {
        #expect(throws: StoreError.self) { try PostgresConnectionString("postgres://[::1") }
        #expect(throws: StoreError.self) { try PostgresConnectionString("") }
        let parsed = try PostgresConnectionString("postgres://alice:secret@127.0.0.1:5999/shop")
        #expect(parsed.displayTarget == "postgres://alice@127.0.0.1:5999/shop")
        #expect(!parsed.displayTarget.contains("secret"))

        let refused = await LoopbackPort.withRefusing { port in
            Self.connectError("postgres://auction@127.0.0.1:\(port)/postgres")
        }
        guard case .unavailable(let target, _)? = refused else {
            Issue.record("nothing listens there: \(String(describing: refused))")
            return
        }
        #expect(target.hasPrefix("postgres://auction@127.0.0.1:"))
        let missing = Self.connectError(try PostgresFixture.server().replacingLastPathComponent(with: "no_such_database"))
        guard case .postgres(_, let message, _)? = missing else {
            Issue.record("the database does not exist: \(String(describing: missing))")
            return
        }
        #expect(message.contains("does not exist"))
    }

    /// The error connecting to `url` fails with, or nil when it connects.
    private static func connectError(_ url: String) -> StoreError? {
        do {
            let connection = try PostgresConnection(url, connectTimeoutSeconds: 2)
            connection.close()
            return nil
        } catch {
            return error
        }
    }
}

extension String {
    /// This URL with its last path component (the database) replaced.
    fileprivate func replacingLastPathComponent(with name: String) -> String {
        guard let slash = lastIndex(of: "/") else { return self }
        return String(self[...slash]) + name
    }
}
