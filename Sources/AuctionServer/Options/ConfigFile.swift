/// The server's config file format: `key = value` lines; `#` starts a comment; blank lines are skipped.
///
/// Values may be quoted with `"` to keep spaces or `#`; keys may be written with `-` or `_`.
enum ConfigFile {
    /// The settings in file order as (line number, key with `_`, value).
    static func parse(_ text: String, path: String) throws(ServerOptionsError) -> [(Int, String, String)] {
        var entries: [(Int, String, String)] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = trimmed(String(rawLine))
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw .malformedConfigLine(path: path, line: number, text: line)
            }
            let key = String(trimmed(String(line[..<equals])).map { $0 == "-" ? "_" : $0 }).lowercased()
            var value = trimmed(String(line[line.index(after: equals)...]))
            if value.hasPrefix("\"") {
                guard value.count >= 2, value.hasSuffix("\"") else {
                    throw .malformedConfigLine(path: path, line: number, text: line)
                }
                value = String(value.dropFirst().dropLast())
            } else if let hash = value.firstIndex(of: "#") {
                value = trimmed(String(value[..<hash]))
            }
            guard !key.isEmpty else { throw .malformedConfigLine(path: path, line: number, text: line) }
            entries.append((number, key, value))
        }
        return entries
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
