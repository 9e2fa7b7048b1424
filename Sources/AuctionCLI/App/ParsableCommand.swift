/// A command whose options and arguments are its own declared properties: its `spec` and its
/// `init(_:)` come from them, so each option is named once, where the command reads it.
public protocol ParsableCommand: Command, ParsableArguments {
    /// One line saying what it does.
    static var summary: String { get }
    /// Extra paragraphs for its help page ("" for none).
    static var discussion: String { get }
    /// Checks the parsed values together and derives what `run` reads; a usage error when they do not fit.
    mutating func validate() throws(CommandError)
}

extension ParsableCommand {
    /// No extra paragraphs.
    public static var discussion: String { "" }

    /// Nothing to check.
    public mutating func validate() throws(CommandError) {}

    /// Its name, summary and discussion with the options and arguments its properties declare.
    public static var spec: CommandSpec {
        CommandSpec(name: name, summary: summary, options: declaredOptions, arguments: declaredArguments, discussion: discussion)
    }

    /// Reads its declarations from `invocation` (which the parser checked against them), then validates.
    public init(_ invocation: Invocation) throws(CommandError) {
        self.init(reading: invocation)
        try validate()
    }
}
