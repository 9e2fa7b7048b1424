/// The `key = value` file format the client and the server share (rules in `docs/CONFIG-FILES.md`).
///
/// Lines end with LF or CRLF; blank lines and lines starting with `#` are skipped. Keys are lower-cased,
/// with `-` read as `_`.
/// An unquoted value ends at `#` (a comment) and loses surrounding blanks; a value in `"…"` is kept
/// exactly, `#` and spaces included, and may be followed only by blanks or a comment.
public enum KeyValueFile {
    /// Parses file contents into its settings in file order (a repeated key appears twice; the caller decides).
    public static func parse(_ text: String) throws(KeyValueSyntaxError) -> [KeyValueEntry] {
        var entries: [KeyValueEntry] = []
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = trimmed(rawLine)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let malformed = KeyValueSyntaxError(line: offset + 1, text: String(line))
            guard let equals = line.firstIndex(of: "="), !line[..<equals].contains("#") else { throw malformed }
            let key = String(trimmed(line[..<equals]).map { $0 == "-" ? "_" : $0 }).lowercased()
            guard !key.isEmpty, let value = value(trimmed(line[line.index(after: equals)...])) else { throw malformed }
            entries.append(KeyValueEntry(line: offset + 1, key: key, value: value))
        }
        return entries
    }

    /// The value written after `=`: quoted (kept exactly) or unquoted (up to a `#`), nil when a quote is unbalanced.
    private static func value(_ text: Substring) -> String? {
        guard text.hasPrefix("\"") else {
            guard let hash = text.firstIndex(of: "#") else { return String(text) }
            return String(trimmed(text[..<hash]))
        }
        let body = text.dropFirst()
        guard let close = body.firstIndex(of: "\"") else { return nil }
        let after = trimmed(body[body.index(after: close)...])
        guard after.isEmpty || after.hasPrefix("#") else { return nil }
        return String(body[..<close])
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }
}
