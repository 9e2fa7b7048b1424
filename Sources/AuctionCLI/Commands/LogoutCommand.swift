/// `auction logout`: ends the saved login on the server and forgets it.
public struct LogoutCommand: ParsableCommand {
    /// `logout`.
    public static let name = "logout"
    /// What `logout` does, for help; it takes no options or arguments.
    public static let summary = "end the saved session"

    /// `logout` declares nothing.
    public init() {}

    /// Revokes and removes the saved login.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let line = try await context.withAccounts { (accounts) throws(CommandError) -> String in
            try await CommandContext.account { () throws(AccountCommandError) in try await accounts.logout() }
        }
        context.console.print(line)
        return .success
    }
}
