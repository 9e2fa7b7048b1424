/// One `key = value` line of a config file.
public struct KeyValueEntry: Hashable, Sendable {
    /// The line number, from 1.
    public var line: Int
    /// The key, lower-cased, with `-` written as `_`.
    public var key: String
    /// The value, unquoted, without its comment.
    public var value: String

    /// Wraps a line number, key and value.
    public init(line: Int, key: String, value: String) {
        self.line = line
        self.key = key
        self.value = value
    }
}
