/// Search text split for the trigram index: each whitespace-separated term is matched as a literal
/// substring. Terms of three or more characters become quoted FTS5 phrases (`"` doubled inside, so
/// `*`, `NEAR`, `AND`, `-`, `(` and stray quotes are plain text); shorter terms (trigrams cannot
/// index them — common for two-syllable Korean words) are matched with `instr` on the lot's text.
public struct SearchTerms: Hashable, Sendable {
    /// The FTS5 MATCH expression (implicit AND of quoted phrases), nil when no term is long enough.
    public var match: String?
    /// Terms under three characters, matched as substrings of name, description or seller.
    public var shortTerms: [String]

    /// Splits `text` (already trimmed and within `CatalogueQuery.maximumSearchCharacters`).
    public init(_ text: String) {
        var phrases: [String] = []
        var short: [String] = []
        for term in text.split(whereSeparator: { $0.isWhitespace }) {
            if term.unicodeScalars.count >= 3 {
                phrases.append("\"" + term.replacingAll("\"", with: "\"\"") + "\"")
            } else {
                short.append(String(term).lowercased())
            }
        }
        match = phrases.isEmpty ? nil : phrases.joined(separator: " ")
        shortTerms = short
    }
}

extension Substring {
    /// The text with every `target` character replaced by `replacement`.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
