/// `auction login <name> [--password-stdin]`: logs in and saves the login for the configured server.
public struct LoginCommand: Command {
    /// `login`.
    public static let name = "login"
    /// `<name>`.
    public static let userArgument = ArgumentKey<String>(text: "name", help: "the user name")
    /// `--password-stdin`.
    public static let passwordStdin = FlagKey("password-stdin", help: "read the password from one line of stdin")
    /// `login`'s option, argument and help, from the keys above.
    public static let spec = CommandSpec(name, summary: "log in and save the session", options: [passwordStdin.spec], arguments: [userArgument.spec])
    /// The user name.
    public var user: String
    /// Whether the password is one line of standard input.
    public var passwordFromStandardInput: Bool

    /// Reads `<name>` and `--password-stdin`.
    public init(_ invocation: Invocation) throws(CommandError) {
        guard let user = invocation[Self.userArgument] else { throw .usage(Self.name, "`login` needs <name>") }
        self.user = user
        passwordFromStandardInput = invocation[Self.passwordStdin]
    }

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
