/// `auction whoami [--json]`: who the saved login belongs to, as the server confirms it.
public struct WhoamiCommand: Command {
    /// `whoami`.
    public static let name = "whoami"
    /// Whether to print JSON.
    public var json: Bool

    /// Reads `--json`.
    public init(_ invocation: Invocation) throws(CommandError) {
        json = invocation.flag("json")
    }

    /// Asks the server about the saved login and prints the answer.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let json = self.json
        let line = try await context.withAccounts { (accounts) throws(CommandError) -> String in
            try await CommandContext.account { () throws(AccountCommandError) in try await accounts.whoami(json: json) }
        }
        context.console.print(line)
        return .success
    }
}
