import AuctionServer
import AuctionTestSupport
import Testing

/// One link policy for every connection a node opens: `store_timeout` becomes the server's
/// `statement_timeout` and our own answer deadline a second later (a migration's index builds excepted).
@Suite struct PostgresLinkPolicyTests {
    @Test func aConnectionOpenedUnderThePolicyHasItsStatementTimeoutAndAnswerDeadline() throws {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        var store = try PostgresConnectionString(fixture.url)
        store.link = PostgresLinkPolicy(timeoutMilliseconds: 3_000)
        let connection = try store.open()
        defer { connection.close() }
        #expect(try connection.query("SHOW statement_timeout", []) { $0.text(0) } == ["3s"])
        #expect(connection.answerTimeoutMilliseconds == 4_000)

        let migrating = try store.link.open(store, statementTimeout: false)
        defer { migrating.close() }
        #expect(try migrating.query("SHOW statement_timeout", []) { $0.text(0) } == ["0"])
        #expect(migrating.answerTimeoutMilliseconds == nil)
    }

    @Test func aTimeoutBelowOneHundredMillisecondsIsRaisedToIt() {
        #expect(PostgresLinkPolicy(timeoutMilliseconds: 0).timeoutMilliseconds == 100)
        #expect(PostgresLinkPolicy(timeoutMilliseconds: -5).timeoutMilliseconds == 100)
    }
}
