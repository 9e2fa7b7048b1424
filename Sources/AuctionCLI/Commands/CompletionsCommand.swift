/// `auction completions bash|zsh|fish`: prints the shell's completion script, generated from the
/// argument specification.
public struct CompletionsCommand: Command {
    /// `completions`.
    public static let name = "completions"
    /// `<shell>`.
    public static let shellArgument = Argument<String>(text: "shell", help: "bash, zsh or fish", choices: CompletionScript.shells)
    /// `completions`' argument and help, from the key above.
    public static let spec = CommandSpec(name, summary: "print a shell completion script", arguments: [shellArgument.spec],
                                         discussion: """
                                         bash: source <(auction completions bash); zsh: auction completions zsh > ~/.zfunc/_auction
                                         (a directory on $fpath); fish: auction completions fish > ~/.config/fish/completions/auction.fish
                                         """)
    /// It talks to no server.
    public static var usesEndpoints: Bool { false }
    /// The shell.
    public var shell: String

    /// Reads `<shell>`.
    public init(_ invocation: Invocation) throws(CommandError) {
        let shells = CompletionScript.shells.joined(separator: ", ")
        guard let shell = invocation[Self.shellArgument] else { throw .usage(Self.name, "`completions` needs <shell>: " + shells) }
        guard CompletionScript.shells.contains(shell) else {
            throw .usage(Self.name, "no completions for `\(TerminalText.sanitized(shell))`: the shells supported are " + shells)
        }
        self.shell = shell
    }

    /// Prints the script.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        context.console.output.write(CompletionScript.script(for: shell, spec: .auction) ?? "")
        return .success
    }
}
