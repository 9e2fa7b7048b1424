import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// `auction-server --store …` that cannot work: one line on stderr (never the password), exit 2 for a
/// wrong setting, 3 for a store that cannot be used — never a crash.
@Suite struct ServerStoreStartEndToEndTests {
    static func run(_ store: String) async throws -> ProcessResult {
        try await offPool {
            try ProcessRunner.run(BuildProducts.executable("auction-server"),
                                  ["--store", store, "--http-port", "0", "--socket-port", "0"], timeout: 30)
        }
    }

    static func errorLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains("error") }
    }

    @Test func anUnreachableStoreExitsThree() async throws {
        let result = try await Self.run("postgres://auction:hunter2@127.0.0.1:1/auction")
        #expect(result.status == 3)
        #expect(Self.errorLines(result.stderr).count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("postgres://auction@127.0.0.1:1/auction is unavailable"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("hunter2") && result.stdout.isEmpty)
    }

    @Test func anUnknownDatabaseOrUserIsABadSettingAndExitsTwo() async throws {
        let server = try PostgresFixture.server()
        let address = try #require(server.split(separator: "@").last?.split(separator: "/").first)
        for url in ["postgres://auction:hunter2@\(address)/no_such_database", "postgres://nobody:hunter2@\(address)/postgres"] {
            let result = try await Self.run(url)
            #expect(result.status == 2, "\(url): \(result.stderr)")
            #expect(Self.errorLines(result.stderr).count == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.contains("does not exist"), "stderr: \(result.stderr)")
            #expect(!result.stderr.contains("hunter2"))
        }
    }

    @Test func aStoreOfANewerSchemaExitsThree() async throws {
        let fixture = try PostgresFixture()
        let connection = try PostgresConnection(fixture.url)
        try PostgresSchema.migrate(connection)
        try connection.execute("UPDATE schema_version SET version = 99")
        connection.close()
        let result = try await Self.run(fixture.url)
        #expect(result.status == 3)
        #expect(result.stderr.contains("schema version 99"), "stderr: \(result.stderr)")
        #expect(Self.errorLines(result.stderr).count == 1, "stderr: \(result.stderr)")
    }

    @Test func aNodeOnTheStoreLogsWhereWithoutThePassword() async throws {
        let fixture = try PostgresFixture()
        let url = fixture.url.replacingOccurrences(of: "postgres://auction@", with: "postgres://auction:hunter2@")
        let server = try await offPool { try ServerProcess(arguments: ["--store", url]) }
        server.send(SIGTERM)
        #expect(await offPool { server.waitForExit() } == 0)
        #expect(server.stderr.contains("store=postgres://auction@"), "stderr: \(server.stderr)")
        #expect(!server.stderr.contains("hunter2"))
    }
}
