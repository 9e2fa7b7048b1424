/// `auction register <name> [--password-stdin]`: creates an account and saves its login.
public struct RegisterCommand: ParsableCommand {
    /// `register`.
    public static let name = "register"
    /// What `register` does, for help.
    public static let summary = "create an account and log in"
    /// The user name.
    @Argument(text: "name", help: "the user name")
    public var user: String
    /// Whether the password is one line of standard input.
    @Flag("password-stdin", help: "read the password from one line of stdin")
    public var passwordFromStandardInput: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Asks for the password (twice on a terminal), registers, saves the login.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let password = try CommandContext.accountSync { () throws(AccountCommandError) in
            try context.readPassword(passwordFromStandardInput, true)
        }
        let user = self.user
        let line = try await context.withAccounts { (accounts) throws(CommandError) -> String in
            try await CommandContext.account { () throws(AccountCommandError) in try await accounts.register(name: user, password: password) }
        }
        context.console.print(line)
        return .success
    }
}
