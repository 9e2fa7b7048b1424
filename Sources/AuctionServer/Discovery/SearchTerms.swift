/// Search text split for the search indexes (schema 6's trigram `product_search`, schema 8's
/// `product_names` and `product_words`). Every whitespace-separated term must match:
/// - a term of three or more characters is a literal substring of the name, description or seller,
///   found through the trigram indexes as a quoted FTS5 phrase (`"` doubled inside, so `*`, `NEAR`,
///   `AND`, `-`, `(` and stray quotes are plain text);
/// - a two-character term of Korean, Chinese or Japanese characters (common two-syllable Korean words,
///   which trigrams cannot index) is a literal substring too, found through schema 8's `product_pairs`
///   (every such character pair of every lot), so 신발 finds 아동신발 as 운동화 finds 나이키운동화;
/// - any other shorter term matches the start of a word, through the word index's prefix index
///   (`"tv"*` finds tv, tvs; a single 신 finds 신발);
/// - a shorter term without any letter or digit (`&`, `"`) has no word to start: it is matched as a
///   substring of the lots the other terms found, and a search made only of such terms finds nothing.
public struct SearchTerms: Hashable, Sendable {
    /// The FTS5 MATCH expression for the trigram indexes (implicit AND of quoted phrases), nil when no term is long enough.
    public var match: String?
    /// The terms of three or more characters, as typed (the phrases of `match`).
    public var longTerms: [String]
    /// Terms under three characters (lowercased), in order.
    public var shortTerms: [String]
    /// The FTS5 MATCH expression for the word index: each short term with a letter or digit as a quoted prefix.
    public var wordMatch: String?
    /// Short terms without a letter or digit, matched as substrings (lowercased).
    public var literalTerms: [String]
    /// Two-character terms of CJK characters (U+2E80–U+FAFF), matched through `product_pairs`.
    public var pairs: [String]

    /// Splits `text` (already trimmed and within `CatalogueQuery.maximumSearchCharacters`).
    public init(_ text: String) {
        var phrases: [String] = []
        var long: [String] = []
        var short: [String] = []
        var prefixes: [String] = []
        var literal: [String] = []
        var pairs: [String] = []
        for term in text.split(whereSeparator: { $0.isWhitespace }) {
            if term.unicodeScalars.count >= 3 {
                phrases.append(Self.quoted(term))
                long.append(String(term))
                continue
            }
            let lowered = String(term).lowercased()
            short.append(lowered)
            if term.unicodeScalars.count == 2, term.unicodeScalars.allSatisfy({ (0x2E80...0xFAFF).contains($0.value) }) {
                pairs.append(String(term))
            } else if term.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
                prefixes.append(Self.quoted(term) + "*")
            } else {
                literal.append(lowered)
            }
        }
        match = phrases.isEmpty ? nil : phrases.joined(separator: " ")
        longTerms = long
        shortTerms = short
        wordMatch = prefixes.isEmpty ? nil : prefixes.joined(separator: " ")
        literalTerms = literal
        self.pairs = pairs
    }

    /// Whether no index can find anything for these terms (only letterless short terms, or none).
    public var findsNothing: Bool { match == nil && wordMatch == nil && pairs.isEmpty }

    /// `expression` restricted to the `name` column (FTS5 column filter).
    static func inName(_ expression: String) -> String { "name : (" + expression + ")" }

    /// Rows matching `expression` anywhere but not all of it in the name.
    static func outsideName(_ expression: String) -> String { "(" + expression + ") NOT name : (" + expression + ")" }

    private static func quoted(_ term: Substring) -> String {
        "\"" + term.replacingAll("\"", with: "\"\"") + "\""
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
