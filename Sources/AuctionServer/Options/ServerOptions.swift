import AuctionInfrastructure

/// The `auction-server` command line, environment and config file, merged into a `ServerConfiguration`.
///
/// Every setting has one key; it can come from a flag (`--http-port 3100` or `--http-port=3100`), an
/// environment variable (`AUCTION_SERVER_HTTP_PORT`) or a config file line (`http_port = 3100`).
/// Precedence: flag > environment > file > default. Pure: the file is read through a function.
public enum ServerOptions {
    /// What the command line asks for.
    public enum Command: Hashable, Sendable {
        /// Run the server with this configuration.
        case run(ServerConfiguration)
        /// Print the usage text.
        case help
        /// Print `auction-server <version>`.
        case version
        /// `--check-config`: the settings are valid (`configuration`, read from `configFile` if any); start nothing.
        case checkConfig(ServerConfiguration, configFile: String?)
        /// Copy the SQLite store at `database` (nil: the default location) to `output`, online.
        case backup(database: String?, output: String)
        /// `admin grant|revoke NAME`: give or take a user's moderator role in the store.
        case admin(AdminRequest)
        /// `man`: print the `auction-server(1)` page.
        case man
    }

    /// One setting: its key, flag, environment variable, config-file key and how it is applied.
    struct Setting: Sendable {
        let key: String
        let takesValue: Bool
        let help: String
        let apply: @Sendable (inout ServerConfiguration, String) -> String?  // returns an error text or nil

        var flag: String { "--" + String(key.map { $0 == "_" ? "-" : $0 }) }
        var environmentName: String { "AUCTION_SERVER_" + key.uppercased() }

        /// A setting whose value is a whole number in `range`, handed to `apply`; a value outside it
        /// is refused with `expected`, the words for what it should have been.
        static func number(_ key: String, help: String, in range: ClosedRange<Int>, expected: String,
                           _ apply: @escaping @Sendable (inout ServerConfiguration, Int) -> Void) -> Setting {
            Setting(key: key, takesValue: true, help: help) { configuration, value in
                guard let number = Int(value), range.contains(number) else { return expected }
                apply(&configuration, number)
                return nil
            }
        }
    }

    /// Parses arguments (without the program name), the environment and the config file they name.
    public static func parse(
        _ arguments: [String], environment: [String: String],
        readFile: (String) throws -> String
    ) throws(ServerOptionsError) -> Command {
        if arguments.first == "backup" { return try parseBackup(Array(arguments.dropFirst())) }
        if arguments.first == "admin" { return try parseAdmin(Array(arguments.dropFirst())) }
        if arguments == ["man"] { return .man }
        var flagValues: [String: String] = [:]
        var configPath: String?
        var checkOnly = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--version" { return .version }
            if argument == "--check-config" { checkOnly = true; continue }
            guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if name == "config" {
                guard let value = try value(for: argument, inline: inlineValue, arguments, &index) else {
                    throw .missingValue(argument)
                }
                configPath = value
                continue
            }
            guard let setting = settings.first(where: { $0.flag == "--" + name }) else {
                throw .unknownFlag("--" + name)
            }
            if setting.takesValue {
                guard let value = try value(for: "--" + name, inline: inlineValue, arguments, &index) else {
                    throw .missingValue("--" + name)
                }
                flagValues[setting.key] = value
            } else if setting.key == "simulate" {
                // `--simulate=RATE`; a bare number after `--simulate` is taken as the rate too.
                if inlineValue == nil, index < arguments.count, let next = arguments[index].first, next.isNumber {
                    flagValues[setting.key] = arguments[index]
                    index += 1
                } else {
                    flagValues[setting.key] = inlineValue ?? "demo"
                }
            } else {
                flagValues[setting.key] = inlineValue ?? "true"
            }
        }

        var configuration = ServerConfiguration()
        let filePath = configPath ?? environment["AUCTION_SERVER_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        if let filePath {
            let text: String
            do {
                text = try readFile(filePath)
            } catch {
                throw .unreadableConfigFile(path: filePath, reason: "\(error)")
            }
            let entries: [KeyValueEntry]
            do throws(KeyValueSyntaxError) { entries = try KeyValueFile.parse(text) } catch {
                throw .malformedConfigLine(path: filePath, line: error.line, text: error.text)
            }
            for (line, key, value) in entries.map({ ($0.line, $0.key, $0.value) }) {
                guard let setting = settings.first(where: { $0.key == key }) else {
                    throw .unknownConfigKey(path: filePath, line: line, key: key)
                }
                if let problem = setting.apply(&configuration, value) {
                    throw .invalidValue(source: "\(filePath):\(line) \(key)", value: value, expected: problem)
                }
            }
        }
        for setting in settings {
            guard let value = environment[setting.environmentName], !value.isEmpty else { continue }
            if let problem = setting.apply(&configuration, value) {
                throw .invalidValue(source: setting.environmentName, value: value, expected: problem)
            }
        }
        for setting in settings {
            guard let value = flagValues[setting.key] else { continue }
            if let problem = setting.apply(&configuration, value) {
                throw .invalidValue(source: setting.flag, value: value, expected: problem)
            }
        }
        try checkTransport(configuration.transport)
        return checkOnly ? .checkConfig(configuration, configFile: filePath) : .run(configuration)
    }

    static func value(for flag: String, inline: String?, _ arguments: [String], _ index: inout Int) throws(ServerOptionsError) -> String? {
        if let inline { return inline }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else { return nil }
        defer { index += 1 }
        return arguments[index]
    }

    /// The usage text for `--help`.
    public static var usage: String {
        var lines = [
            "usage: auction-server [options]",
            "",
            "Serves the auction catalogue over HTTP and live prices and bids over the socket; bids are durable in SQLite.",
            "On start it prints one line: listening http=HOST:PORT socket=HOST:PORT (and metrics=HOST:PORT with --metrics-port)",
            "",
            "options (each also an environment variable AUCTION_SERVER_<NAME> and a config file key <name>):",
        ]
        for setting in settings {
            let flag = setting.key == "simulate" ? "--simulate[=RATE]"
                : setting.takesValue ? "\(setting.flag) VALUE" : setting.flag
            lines.append("  " + padded(flag) + setting.help)
        }
        lines += [
            "  " + padded("--config FILE")
                + "read settings from FILE (key = value lines; env AUCTION_SERVER_CONFIG)",
            "  " + padded("--help") + "show this text",
            "  " + padded("--version") + "print the version",
            "  " + padded("--check-config") + "check the settings and what a start would refuse (TLS pair, database folder,",
            "  " + padded("") + "--store), like nginx -t; print \"config ok\", start nothing (exit 2: a wrong setting)",
            "",
            "usage: auction-server man",
            "  print the auction-server(1) manual page",
            "",
            "health (on the HTTP port): GET /health/live (200 live), GET /health/ready (200 ready; 503 not_ready with reasons:",
            "  starting, migrating, store_unreachable, draining), GET /health (counts).",
            "metrics (with --metrics-port): GET /metrics in the Prometheus text format (auction_* bids, ledger, socket, HTTP,",
            "  store; docs/SERVER.md, \"Metrics\").",
            "",
        ] + backupUsage + adminUsage + [
            "",
            "precedence: flag > environment > config file > default. SIGINT/SIGTERM stop cleanly (exit 0).",
        ]
        return lines.joined(separator: "\n")
    }

    private static func padded(_ text: String) -> String {
        text + String(repeating: " ", count: max(1, 26 - text.count))
    }
}
