/// `auction logout`: ends the saved login on the server and forgets it.
public struct LogoutCommand: Command {
    /// `logout`.
    public static let name = "logout"
    /// `logout`'s help: no options or arguments.
    public static let spec = CommandSpec(name, summary: "end the saved session")

    /// `logout` takes no options.
    public init(_ invocation: Invocation) throws(CommandError) {}

    /// Revokes and removes the saved login.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let line = try await context.withAccounts { (accounts) throws(CommandError) -> String in
            try await CommandContext.account { () throws(AccountCommandError) in try await accounts.logout() }
        }
        context.console.print(line)
        return .success
    }
}
