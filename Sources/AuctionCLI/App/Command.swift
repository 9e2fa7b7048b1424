/// One `auction` command: built from a parsed invocation, run with a context, answering an exit status.
public protocol Command: Sendable {
    /// The command's name on the command line (`list`).
    static var name: String { get }
    /// Whether the command talks to the configured endpoints (so they must resolve before it runs).
    static var usesEndpoints: Bool { get }
    /// Its options, arguments and help; a `ParsableCommand`'s come from its declared properties (`@Flag`, `@Option`, `@Argument`).
    static var spec: CommandSpec { get }
    /// Builds the command from its parsed options and arguments (a `ParsableCommand`'s properties read them).
    init(_ invocation: Invocation) throws(CommandError)
    /// Runs the command; refusals that are outcomes (a bid refused) return `.refused`, failures throw.
    func run(in context: CommandContext) async throws(CommandError) -> ExitCode
}

extension Command {
    /// Most commands talk to the server.
    public static var usesEndpoints: Bool { true }
}
