/// `auction login <name> [--password-stdin]`: logs in and saves the login for the configured server.
public struct LoginCommand: ParsableCommand {
    /// `login`.
    public static let name = "login"
    /// What `login` does, for help.
    public static let summary = "log in and save the session"
    /// The user name.
    @Argument(text: "name", help: "the user name")
    public var user: String
    /// Whether the password is one line of standard input.
    @Flag("password-stdin", help: "read the password from one line of stdin")
    public var passwordFromStandardInput: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Asks for the password, logs in, saves the login.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let password = try CommandContext.accountSync { () throws(AccountCommandError) in
            try context.readPassword(passwordFromStandardInput, false)
        }
        let user = self.user
        let line = try await context.withAccounts { (accounts) throws(CommandError) -> String in
            try await CommandContext.account { () throws(AccountCommandError) in try await accounts.login(name: user, password: password) }
        }
        context.console.print(line)
        if let summary = await context.awaySummary() { context.console.print(summary) }
        return .success
    }
}
