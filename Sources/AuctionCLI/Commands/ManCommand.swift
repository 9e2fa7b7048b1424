/// `auction man`: prints the manual page (roff), generated from the argument specification;
/// `auction man | man -l -` reads it.
public struct ManCommand: Command {
    /// `man`.
    public static let name = "man"
    /// It talks to no server.
    public static var usesEndpoints: Bool { false }
    /// `man`'s help: no options or arguments.
    public static let spec = CommandSpec(name, summary: "print the manual page (roff)",
                                         discussion: "Read it with `auction man | man -l -`; docs/auction.1 is the same page.")

    /// `man` takes no options.
    public init(_ invocation: Invocation) throws(CommandError) {}

    /// Prints the page.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        context.console.output.write(ManPage.render(.auction))
        return .success
    }
}
