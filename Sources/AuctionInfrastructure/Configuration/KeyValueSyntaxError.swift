/// A config file line that is not `key = value` (no `=`, no key, or an unbalanced quote).
public struct KeyValueSyntaxError: Error, Hashable, Sendable {
    /// The line number, from 1.
    public var line: Int
    /// The line, without surrounding blanks.
    public var text: String

    /// Wraps a line number and its text.
    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }
}
