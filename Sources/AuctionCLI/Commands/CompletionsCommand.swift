/// `auction completions bash|zsh|fish`: prints the shell's completion script, generated from the
/// argument specification.
public struct CompletionsCommand: ParsableCommand {
    /// `completions`.
    public static let name = "completions"
    /// What `completions` does, for help.
    public static let summary = "print a shell completion script"
    /// `completions`' help page.
    public static let discussion = """
        bash: source <(auction completions bash); zsh: auction completions zsh > ~/.zfunc/_auction
        (a directory on $fpath); fish: auction completions fish > ~/.config/fish/completions/auction.fish
        """
    /// It talks to no server.
    public static var usesEndpoints: Bool { false }
    /// The shell.
    @Argument(text: "shell", help: "bash, zsh or fish", choices: CompletionScript.shells)
    public var shell: String

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Refuses a shell there is no script for.
    public mutating func validate() throws(CommandError) {
        guard CompletionScript.shells.contains(shell) else {
            throw .usage(Self.name, "no completions for `\(TerminalText.sanitized(shell))`: the shells supported are "
                + CompletionScript.shells.joined(separator: ", "))
        }
    }

    /// Prints the script.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        context.console.output.write(CompletionScript.script(for: shell, spec: .auction) ?? "")
        return .success
    }
}
