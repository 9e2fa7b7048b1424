/// A command line that did not parse: a one-line reason, maybe a suggestion, and the usage to show.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line (`unknown command \`wach\``).
    public var reason: String
    /// The closest valid spelling, if one is near (`watch`).
    public var suggestion: String?
    /// The usage text of the command concerned (or the program).
    public var usage: String

    /// The exit status for usage errors (2).
    public var exitCode: ExitCode { .usage }

    /// The text for stderr: `auction: <reason>; did you mean `x`?`, then the short usage hint.
    public var description: String {
        var line = "auction: " + reason
        if let suggestion { line += "; did you mean `\(suggestion)`?" }
        return line + "\n" + usage
    }
}
