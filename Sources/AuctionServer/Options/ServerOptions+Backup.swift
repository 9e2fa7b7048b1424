/// `auction-server backup [--db FILE] --to OUT`: the command line of the online backup.
extension ServerOptions {
    /// Parses the arguments after `backup`: the store file (nil: the default location) and the copy's path.
    static func parseBackup(_ arguments: [String]) throws(ServerOptionsError) -> Command {
        var database: String?, output: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let (name, inline) = flagParts(argument)
            switch name {
            case "--db", "--to":
                guard let value = try value(for: name, inline: inline, arguments, &index) else { throw .missingValue(name) }
                if name == "--db" { database = value } else { output = value }
            case "--store":
                throw .invalidValue(source: "backup --store", value: inline ?? "", expected:
                    "a SQLite file (--db); back up a PostgreSQL store with pg_dump or point-in-time recovery (docs/SERVER.md)")
            case "--help", "-h":
                return .help
            default:
                throw argument.hasPrefix("--") ? .unknownFlag(name) : .unexpectedArgument(argument)
            }
        }
        guard let output, !output.isEmpty else { throw .missingValue("--to") }
        return .backup(database: database, output: output)
    }

    /// The usage lines of `backup`.
    static let backupUsage = [
        "  auction-server backup [--db FILE] --to OUT",
        "      a consistent copy of the SQLite store while the server runs (SQLite's online backup), checked",
        "      (integrity_check, schema version) and written with mode 0600; OUT must not exist",
    ]
}
