/// Declares one command: its name, summary, options and positional arguments.
public struct CommandSpec: Hashable, Sendable {
    /// The command's name (`watch`).
    public var name: String
    /// One line saying what it does.
    public var summary: String
    /// Its options (besides `--help` and the global options, which every command accepts).
    public var options: [OptionSpec] = []
    /// Its positional arguments, all required, in order.
    public var arguments: [ArgumentSpec] = []
    /// Extra paragraphs for its help page.
    public var discussion = ""
}
