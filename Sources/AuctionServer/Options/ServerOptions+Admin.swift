/// `auction-server admin grant|revoke NAME [--db FILE | --store URL]`: the command line of the role commands.
extension ServerOptions {
    /// What `auction-server admin` asks for: grant or revoke the moderator role of one user in one store.
    public struct AdminRequest: Hashable, Sendable {
        /// `grant` gives the role, `revoke` takes it away.
        public enum Action: String, Hashable, Sendable {
            /// Give the role.
            case grant
            /// Take it away.
            case revoke
        }

        /// Grant or revoke.
        public var action: Action
        /// The user's name.
        public var name: String
        /// The store: a SQLite file or a PostgreSQL store; nil is the default SQLite location.
        public var target: StoreTarget?

        /// Creates a request.
        public init(action: Action, name: String, target: StoreTarget?) {
            self.action = action
            self.name = name
            self.target = target
        }
    }

    /// Parses the arguments after `admin`: the action, the user's name and the store.
    static func parseAdmin(_ arguments: [String]) throws(ServerOptionsError) -> Command {
        var positional: [String] = []
        var target: StoreTarget?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let (name, inline) = flagParts(argument)
            switch name {
            case "--db", "--store":
                guard let value = try value(for: name, inline: inline, arguments, &index), !value.isEmpty else {
                    throw .missingValue(name)
                }
                guard target == nil else { throw .unexpectedArgument(argument) }
                if name == "--db" {
                    target = .file(value)
                } else {
                    do { target = .postgres(try PostgresConnectionString(value)) } catch {
                        throw .invalidValue(source: "admin --store", value: value, expected: "a postgres:// URL or libpq key=value string")
                    }
                }
            case "--help", "-h":
                return .help
            default:
                guard !argument.hasPrefix("-") else { throw .unknownFlag(name) }
                positional.append(argument)
            }
        }
        guard let first = positional.first, let action = AdminRequest.Action(rawValue: first) else {
            throw .invalidValue(source: "admin", value: positional.first ?? "", expected: "grant NAME or revoke NAME")
        }
        guard positional.count == 2 else {
            if positional.count > 2 { throw .unexpectedArgument(positional[2]) }
            throw .missingValue("admin \(first) NAME")
        }
        do throws(AccountError) { try AccountRules.validate(name: positional[1]) } catch {
            throw .invalidValue(source: "admin \(first)", value: positional[1], expected: "a user name (\(error))")
        }
        return .admin(AdminRequest(action: action, name: positional[1], target: target))
    }

    /// A subcommand's argument split at its first `=`: `--db=x` is (`--db`, `x`), `--db` is (`--db`, nil).
    static func flagParts(_ argument: String) -> (name: String, inline: String?) {
        (String(argument.prefix { $0 != "=" }), argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : nil)
    }

    /// The usage lines of `admin`.
    static let adminUsage = [
        "  auction-server admin grant NAME [--db FILE | --store URL]",
        "  auction-server admin revoke NAME [--db FILE | --store URL]",
        "      give or take the moderator role of user NAME in the store, whether the server runs or not;",
        "      a revoke takes effect at the user's next request (config key moderators = a, b also grants it)",
    ]
}
