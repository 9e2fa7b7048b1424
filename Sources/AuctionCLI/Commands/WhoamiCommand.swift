/// `auction whoami [--json]`: who the saved login belongs to, as the server confirms it.
public struct WhoamiCommand: Command {
    /// `whoami`.
    public static let name = "whoami"
    /// `--json`.
    public static let jsonFlag = FlagKey("json", help: "print it as JSON")
    /// `whoami`'s option and help, from the key above.
    public static let spec = CommandSpec(name, summary: "print who the saved session belongs to", options: [jsonFlag.spec])
    /// Whether to print JSON.
    public var json: Bool

    /// Reads `--json`.
    public init(_ invocation: Invocation) throws(CommandError) {
        json = invocation[Self.jsonFlag]
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
