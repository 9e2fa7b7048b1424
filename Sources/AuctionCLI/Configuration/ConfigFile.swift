/// The `key = value` settings of a config or profile file (`#` starts a comment).
public struct ConfigFile: Hashable, Sendable {
    /// The keys a file may set.
    public static let knownKeys: Set<String> = ["http", "socket", "profile", "user_id", "dialect"]

    /// The settings, by key; a later line wins.
    public var values: [String: String]

    /// Settings from a dictionary.
    public init(values: [String: String] = [:]) { self.values = values }

    /// Parses file contents; `name` is used in error messages (a path or `profile local`).
    public init(parsing text: String, name: String, allowedKeys: Set<String> = ConfigFile.knownKeys) throws(ConfigurationError) {
        var values: [String: String] = [:]
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .invalidLine(file: name, line: number + 1, reason: "expected `key = value`, found `\(trimmed)`")
            }
            let key = trimmed[..<equals].trimmingBlanks()
            let value = trimmed[trimmed.index(after: equals)...].trimmingBlanks()
            guard allowedKeys.contains(key) else {
                let suggestion = EditDistance.suggestion(for: key, among: allowedKeys.sorted()).map { "; did you mean `\($0)`?" } ?? ""
                throw .invalidLine(file: name, line: number + 1, reason: "unknown key `\(key)`\(suggestion)")
            }
            guard !value.isEmpty else { throw .invalidLine(file: name, line: number + 1, reason: "`\(key)` has no value") }
            values[key] = value
        }
        self.values = values
    }
}
