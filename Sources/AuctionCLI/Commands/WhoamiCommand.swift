/// `auction whoami [--json]`: who the saved login belongs to, as the server confirms it.
public struct WhoamiCommand: ParsableCommand {
    /// `whoami`.
    public static let name = "whoami"
    /// What `whoami` does, for help.
    public static let summary = "print who the saved session belongs to"
    /// Whether to print JSON.
    @Flag("json", help: "print it as JSON")
    public var json: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

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
