/// `auction man`: prints the manual page (roff), generated from the argument specification;
/// `auction man | man -l -` reads it.
public struct ManCommand: ParsableCommand {
    /// `man`.
    public static let name = "man"
    /// It talks to no server.
    public static var usesEndpoints: Bool { false }
    /// What `man` does, for help; it takes no options or arguments.
    public static let summary = "print the manual page (roff)"
    /// `man`'s help page.
    public static let discussion = "Read it with `auction man | man -l -`; docs/auction.1 is the same page."

    /// `man` declares nothing.
    public init() {}

    /// Prints the page.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        context.console.output.write(ManPage.render(.auction))
        return .success
    }
}
