import AuctionInfrastructure
import AuctionServer
import Testing

/// The PostgreSQL client's options are settings like any other: flags, environment and file, each
/// with its range, and the backoff's first pause never above its cap.
@Suite struct PostgresOptionsSettingsTests {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerConfiguration {
        guard case .run(let configuration) = try ServerOptions.parse(arguments, environment: environment, readFile: { _ in "" }) else {
            throw ServerOptionsError.missingValue("--help")
        }
        return configuration
    }

    @Test func theDefaultsAreTheDocumentedOnes() throws {
        let postgres = try parse([]).postgres
        #expect(postgres.poolSize == 2)
        #expect(postgres.timeoutMilliseconds == 5_000)
        #expect(postgres.keepaliveSeconds == nil)
        #expect(postgres.link.keepaliveSeconds == 1)
        #expect(postgres.reconnect == ReconnectBackoff(initialMilliseconds: 100, maximumMilliseconds: 5_000, jitter: 0.5))
    }

    @Test func everyOptionIsASetting() throws {
        let postgres = try parse([
            "--store-pool-size", "6", "--store-timeout", "9", "--store-keepalive", "4",
            "--store-retry-first-ms", "250", "--store-retry-max-ms=20000", "--store-retry-jitter", "20",
        ]).postgres
        #expect(postgres.poolSize == 6)
        #expect(postgres.timeoutMilliseconds == 9_000)
        #expect(postgres.link.keepaliveSeconds == 4)
        #expect(postgres.reconnect == ReconnectBackoff(initialMilliseconds: 250, maximumMilliseconds: 20_000, jitter: 0.2))
        #expect(try parse([], environment: ["AUCTION_SERVER_STORE_POOL_SIZE": "3"]).postgres.poolSize == 3)
    }

    @Test func aFirstPauseAboveTheCapRaisesTheCapAndACapBelowItIsRefused() throws {
        #expect(try parse(["--store-retry-first-ms", "8000"]).postgres.reconnect.maximumMilliseconds == 8_000)
        #expect(throws: ServerOptionsError.self) { try parse(["--store-retry-max-ms", "50"]) }
        #expect(throws: ServerOptionsError.self) { try parse(["--store-retry-first-ms", "400", "--store-retry-max-ms", "300"]) }
    }

    @Test func outOfRangeValuesAreRefused() {
        for (flag, value) in [("--store-pool-size", "0"), ("--store-pool-size", "65"), ("--store-keepalive", "0"),
                              ("--store-retry-first-ms", "5"), ("--store-retry-jitter", "101"), ("--store-retry-max-ms", "many")] {
            #expect(throws: ServerOptionsError.self, "\(flag) \(value)") { try parse([flag, value]) }
        }
    }
}
