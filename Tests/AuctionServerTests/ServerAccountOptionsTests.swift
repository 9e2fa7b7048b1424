import AuctionServer
import Testing

@Suite struct ServerAccountOptionsTests {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerConfiguration {
        guard case .run(let configuration) = try ServerOptions.parse(arguments, environment: environment, readFile: { _ in "" }) else {
            throw ServerOptionsError.missingValue("--help")
        }
        return configuration
    }

    @Test func loginRegistrationAndLogLimitsAreSettings() throws {
        let configuration = try parse([
            "--failed-logins-per-address", "3", "--failed-logins-per-network=30", "--failed-logins-per-name-and-address", "4",
            "--failed-logins-per-name", "50", "--max-login-delay", "60", "--registrations-per-network", "7", "--log-repeats", "0",
        ])

        #expect(configuration.accounts.failedLoginsPerAddress == .perMinute(3))
        #expect(configuration.accounts.failedLoginsPerNetwork == .perMinute(30))
        #expect(configuration.accounts.failedLoginsPerNameAndAddress == .perMinute(4))
        #expect(configuration.accounts.failedLoginsPerName == .perHour(50))
        #expect(configuration.accounts.maximumLoginDelayMilliseconds == 60_000)
        #expect(configuration.accounts.registrationsPerNetwork == .perHour(7))
        #expect(configuration.logRepeats.linesPerWindow == 0)
        #expect(try parse([], environment: ["AUCTION_SERVER_REGISTRATIONS_PER_NETWORK": "2"]).accounts.registrationsPerNetwork == .perHour(2))
    }

    @Test func theDefaultsAreTheDocumentedOnes() throws {
        let accounts = try parse([]).accounts
        #expect(accounts.failedLoginsPerAddress == .perMinute(5))
        #expect(accounts.failedLoginsPerNetwork == .perMinute(20))
        #expect(accounts.failedLoginsPerNameAndAddress == .perMinute(5))
        #expect(accounts.failedLoginsPerName == .perHour(20))
        #expect(accounts.maximumLoginDelayMilliseconds == 300_000)
        #expect(accounts.registrationsPerNetwork == .perHour(20))
        #expect(try parse([]).logRepeats.linesPerWindow == 10)
    }

    @Test func outOfRangeValuesAreRefusedWithTheirSource() {
        #expect(throws: ServerOptionsError.self) { try parse(["--failed-logins-per-network", "0"]) }
        #expect(throws: ServerOptionsError.self) { try parse(["--max-login-delay", "many"]) }
        #expect(throws: ServerOptionsError.self) { try parse(["--log-repeats", "-1"]) }
        #expect(ServerOptions.usage.contains("--registrations-per-network"))
    }
}
