import AuctionInfrastructure

/// The `key = value` settings of a config or profile file (rules in `docs/CONFIG-FILES.md`).
public struct ConfigFile: Hashable, Sendable {
    /// The keys a file may set.
    public static let knownKeys: Set<String> = ["http", "socket", "profile", "user_id", "dialect", "image_cache_mb",
                                                  "ca_file", "allow_plaintext"]

    /// The settings, by key; a later line wins.
    public var values: [String: String]

    /// Settings from a dictionary.
    public init(values: [String: String] = [:]) { self.values = values }

    /// Parses file contents (`KeyValueFile` rules); `name` is used in error messages (a path or `profile local`).
    public init(parsing text: String, name: String, allowedKeys: Set<String> = ConfigFile.knownKeys) throws(ConfigurationError) {
        let entries: [KeyValueEntry]
        do throws(KeyValueSyntaxError) { entries = try KeyValueFile.parse(text) } catch {
            throw .invalidLine(file: name, line: error.line, reason: "expected `key = value`, found `\(error.text)`")
        }
        var values: [String: String] = [:]
        for entry in entries {
            guard allowedKeys.contains(entry.key) else {
                let suggestion = EditDistance.suggestion(for: entry.key, among: allowedKeys.sorted()).map { "; did you mean `\($0)`?" } ?? ""
                throw .invalidLine(file: name, line: entry.line, reason: "unknown key `\(entry.key)`\(suggestion)")
            }
            guard !entry.value.isEmpty else { throw .invalidLine(file: name, line: entry.line, reason: "`\(entry.key)` has no value") }
            values[entry.key] = entry.value
        }
        self.values = values
    }
}
