import AuctionTestSupport
import Testing
@testable import AuctionServer

/// Several statements in one round trip (libpq's pipeline mode), as the ledger's writer sends them.
@Suite struct PostgresPipelineTests {
    @Test func statementsRunInOrderAndTheirRowsAreRead() throws {
        let fixture = try PostgresFixture()
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        var read: [Int64] = []
        try connection.pipeline([
            PipelinedStatement(sql: "CREATE TABLE t (n BIGINT)"),
            PipelinedStatement(sql: "INSERT INTO t SELECT * FROM unnest(?::bigint[])", values: [.text("{3,1,2}")]),
            PipelinedStatement(sql: "SELECT n FROM t ORDER BY n") { read.append($0.int64(0)) },
        ])
        #expect(read == [1, 2, 3])
    }

    @Test func theFirstErrorIsThrownAndTheStatementsAfterItDoNotRun() throws {
        let fixture = try PostgresFixture()
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        try connection.execute("CREATE TABLE t (n BIGINT PRIMARY KEY)")
        #expect(throws: StoreError.self) {
            try connection.pipeline([
                PipelinedStatement(sql: "BEGIN"),
                PipelinedStatement(sql: "INSERT INTO t VALUES (1), (1)"),
                PipelinedStatement(sql: "INSERT INTO t VALUES (2)"),
                PipelinedStatement(sql: "COMMIT"),
            ])
        }
        try? connection.execute("ROLLBACK")
        // The connection is usable afterwards, and nothing of the failed pipeline was kept.
        #expect(try connection.scalarInteger("SELECT COUNT(*) FROM t") == 0)
    }
}
