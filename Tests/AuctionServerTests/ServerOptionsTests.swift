import AuctionServer
import Foundation
import Testing

@Suite struct ServerOptionsTests {
    struct MissingFile: Error {}

    static func parse(_ arguments: [String], environment: [String: String] = [:], files: [String: String] = [:]) throws -> ServerConfiguration {
        let command = try ServerOptions.parse(arguments, environment: environment) { path in
            guard let text = files[path] else { throw MissingFile() }
            return text
        }
        guard case .run(let configuration) = command else { throw MissingFile() }
        return configuration
    }

    @Test func defaultsAreLoopbackAndTheOriginalPorts() throws {
        let configuration = try Self.parse([])

        #expect(configuration == ServerConfiguration())
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.databasePath == nil)
        #expect(configuration.simulation == nil)
        #expect(configuration.allowAnonymousBids == false)
    }

    @Test func flagsSetEveryField() throws {
        let configuration = try Self.parse([
            "--host", "0.0.0.0", "--http-port=0", "--socket-port", "4200", "--db", "/tmp/x.sqlite",
            "--simulate=250", "--log-level", "debug", "--allow-anonymous-bids", "--bids-per-second", "5",
        ])

        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.httpPort == 0)
        #expect(configuration.socketPort == 4200)
        #expect(configuration.databasePath == "/tmp/x.sqlite")
        #expect(configuration.simulation == .steady(bidsPerSecond: 250))
        #expect(configuration.logLevel == .debug)
        #expect(configuration.allowAnonymousBids)
        #expect(configuration.limits.bidsPerSecond == 5)
    }

    @Test func bareSimulateIsTheOriginalDemoFeed() throws {
        #expect(try Self.parse(["--simulate"]).simulation == .demoFeed)
        #expect(try Self.parse(["--simulate", "40"]).simulation == .steady(bidsPerSecond: 40))
        #expect(try Self.parse(["--simulate=off"]).simulation == nil)
    }

    @Test func flagBeatsEnvironmentBeatsFileBeatsDefault() throws {
        let file = """
            # server settings
            http_port = 5100
            socket-port = 5200   # a comment
            host = "::1"
            log_level = warning
            """
        let environment = ["AUCTION_SERVER_CONFIG": "/etc/auction.conf", "AUCTION_SERVER_SOCKET_PORT": "6200",
                           "AUCTION_SERVER_LOG_LEVEL": "error"]

        let configuration = try Self.parse(["--log-level", "debug"], environment: environment,
                                           files: ["/etc/auction.conf": file])

        #expect(configuration.httpPort == 5100)        // file
        #expect(configuration.host == "::1")           // file, quoted
        #expect(configuration.socketPort == 6200)      // environment over file
        #expect(configuration.logLevel == .debug)      // flag over environment
        #expect(configuration.databasePath == nil)     // default
    }

    @Test func badInputIsReportedWithItsSource() throws {
        #expect(throws: ServerOptionsError.unknownFlag("--htp-port")) { try Self.parse(["--htp-port", "1"]) }
        #expect(throws: ServerOptionsError.missingValue("--db")) { try Self.parse(["--db"]) }
        #expect(throws: ServerOptionsError.invalidValue(source: "--http-port", value: "99999", expected: "a port 0-65535")) {
            try Self.parse(["--http-port", "99999"])
        }
        #expect(throws: ServerOptionsError.invalidValue(source: "AUCTION_SERVER_LOG_LEVEL", value: "loud",
                                                        expected: "debug, info, warning or error")) {
            try Self.parse([], environment: ["AUCTION_SERVER_LOG_LEVEL": "loud"])
        }
        #expect(throws: ServerOptionsError.unknownConfigKey(path: "c", line: 2, key: "colour")) {
            try Self.parse(["--config", "c"], files: ["c": "host = x\ncolour = red"])
        }
        #expect(throws: ServerOptionsError.malformedConfigLine(path: "c", line: 1, text: "just words")) {
            try Self.parse(["--config", "c"], files: ["c": "just words"])
        }
        #expect(throws: ServerOptionsError.self) { try Self.parse(["--config", "missing"]) }
        #expect(throws: ServerOptionsError.unexpectedArgument("serve")) { try Self.parse(["serve"]) }
    }

    @Test func versionIsAskedFor() throws {
        #expect(try ServerOptions.parse(["--version"], environment: [:]) { _ in "" } == .version)
        #expect(try ServerOptions.parse(["--http-port", "1", "--version"], environment: [:]) { _ in "" } == .version)
        #expect(ServerOptions.usage.contains("--version"))
    }

    @Test func checkConfigValidatesEverySourceAndStartsNothing() throws {
        let files = ["/etc/auction.conf": "http_port = 5100\nlog_level = warning"]
        let command = try ServerOptions.parse(["--check-config", "--config", "/etc/auction.conf", "--socket-port", "5200"],
                                              environment: ["AUCTION_SERVER_HOST": "::1"]) { path in
            guard let text = files[path] else { throw MissingFile() }
            return text
        }
        var expected = ServerConfiguration()
        expected.httpPort = 5100
        expected.socketPort = 5200
        expected.host = "::1"
        expected.logLevel = .warning
        #expect(command == .checkConfig(expected, configFile: "/etc/auction.conf"))
        let fromEnvironment = try ServerOptions.parse(["--http-port=0", "--check-config"],
                                                      environment: ["AUCTION_SERVER_CONFIG": "c"]) { _ in "" }
        guard case .checkConfig(let configuration, let file) = fromEnvironment else { throw MissingFile() }
        #expect(configuration.httpPort == 0 && file == "c")
        #expect(try ServerOptions.parse(["--check-config"], environment: [:]) { _ in "" } == .checkConfig(ServerConfiguration(), configFile: nil))
        #expect(ServerOptions.usage.contains("--check-config"))
    }

    @Test func checkConfigReportsABadSettingAsARunWould() throws {
        func check(_ arguments: [String], _ environment: [String: String] = [:], file: String = "") throws {
            _ = try ServerOptions.parse(["--check-config"] + arguments, environment: environment) { _ in file }
        }
        #expect(throws: ServerOptionsError.unknownConfigKey(path: "c", line: 2, key: "colour")) {
            try check(["--config", "c"], file: "host = x\ncolour = red")
        }
        #expect(throws: ServerOptionsError.invalidValue(source: "c:1 http_port", value: "99999", expected: "a port 0-65535")) {
            try check(["--config", "c"], file: "http_port = 99999")
        }
        #expect(throws: ServerOptionsError.invalidValue(source: "AUCTION_SERVER_LOG_LEVEL", value: "loud",
                                                        expected: "debug, info, warning or error")) {
            try check([], ["AUCTION_SERVER_LOG_LEVEL": "loud"])
        }
        #expect(throws: ServerOptionsError.unknownFlag("--htp-port")) { try check(["--htp-port", "1"]) }
        #expect(throws: ServerOptionsError.self) { try check(["--tls-cert", "c.pem"]) }  // the key is missing
    }

    @Test func helpListsEveryFlag() throws {
        let command = try ServerOptions.parse(["--help"], environment: [:]) { _ in "" }

        #expect(command == .help)
        for flag in ["--host", "--http-port", "--socket-port", "--db", "--simulate", "--log-level",
                     "--allow-anonymous-bids", "--config"] {
            #expect(ServerOptions.usage.contains(flag))
        }
    }

    @Test func exampleConfigFileParsesToTheDefaults() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../config/server.conf.example").standardizedFileURL.path
        let text = try String(contentsOfFile: example, encoding: .utf8)

        let configuration = try Self.parse(["--config", "example"], files: ["example": text])

        #expect(configuration == ServerConfiguration())
    }

    @Test func connectionLimitsAreSettingsWithCheckedRanges() throws {
        let configuration = try Self.parse([
            "--write-deadline", "5", "--send-buffer-bytes", "16384", "--fd-reserve", "0",
            "--max-http-connections-per-address", "8", "--max-connections", "900",
        ])

        #expect(configuration.limits.writeDeadlineMilliseconds == 5_000)
        #expect(configuration.limits.sendBufferBytes == 16_384)
        #expect(configuration.descriptorReserve == 0)
        #expect(configuration.httpMaximumConnectionsPerAddress == 8)
        #expect(configuration.limits.maximumConnections == 900)
        #expect(ServerConfiguration().limits.maximumConnections == nil)  // the open-file limit less the reserve
        for bad in [["--write-deadline", "0"], ["--write-deadline", "99999999999999999999"], ["--send-buffer-bytes", "100"],
                    ["--fd-reserve", "-1"], ["--max-http-connections-per-address", "0"]] {
            #expect(throws: (any Error).self, "\(bad)") { try Self.parse(bad) }
        }
    }
}
