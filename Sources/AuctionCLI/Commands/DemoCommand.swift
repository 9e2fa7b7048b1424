/// `auction demo`: an embedded server on free loopback ports with the demo catalogue and simulated
/// bidders, watched full-screen; quitting stops everything.
public struct DemoCommand: Command {
    /// `demo`.
    public static let name = "demo"
    /// The demo picks its own endpoints.
    public static var usesEndpoints: Bool { false }

    /// `demo` takes no options.
    public init(_ invocation: Invocation) throws(CommandError) {}

    /// Starts the server, watches it, stops it.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        throw .local("the embedded demo server is not built yet")
    }
}
