/// What the command line asks for.
public enum ParseOutcome: Hashable, Sendable {
    /// Run a command.
    case run(Invocation)
    /// Print this help text to stdout and exit 0.
    case help(String)
    /// Print this version line to stdout and exit 0.
    case version(String)
}
