/// Which Unicode scalars chat refuses, and how many combining marks a character may carry.
///
/// Chat text and room names are relayed to other people's terminals, so the server refuses what a
/// terminal would obey instead of print: C0 controls (ESC, BEL, NUL, CR, TAB…), DEL, C1 controls
/// (U+0080–U+009F, e.g. the one-byte CSI U+009B), and the bidirectional embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069) that reorder what follows them. Message text may hold
/// newlines; room names may not.
enum ChatTextRules {
    /// Whether `scalar` is refused in chat text (`allowsNewline`) or in a room name.
    static func isRefused(_ scalar: Unicode.Scalar, allowsNewline: Bool) -> Bool {
        let value = scalar.value
        if value == 0x0A { return !allowsNewline }
        return value < 0x20 || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Whether `text` holds a refused scalar (one pass over its scalars).
    static func containsRefused(_ text: String, allowsNewline: Bool) -> Bool {
        text.unicodeScalars.contains { isRefused($0, allowsNewline: allowsNewline) }
    }

    /// The combining marks (general categories Mn, Mc, Me) in one character.
    static func markCount(_ character: Character) -> Int {
        var count = 0
        for scalar in character.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: count += 1
            default: break
            }
        }
        return count
    }

    /// What is wrong with a chat text or room name, the first rule it breaks, checked cheapest first.
    enum Violation: Equatable {
        case empty
        case tooManyBytes(Int)
        case refusedScalar
        case tooManyCharacters(Int)
        case tooManyMarks
    }

    /// Checks `text` against the limits: bytes first (so the rest costs O(bytes)), then refused
    /// scalars, then characters and the marks on each; nil when it passes.
    static func violation(of text: String, maximumBytes: Int, maximumCharacters: Int,
                          maximumMarksPerCharacter: Int, allowsNewline: Bool) -> Violation? {
        guard !text.isEmpty else { return .empty }
        let bytes = text.utf8.count
        guard bytes <= maximumBytes else { return .tooManyBytes(bytes) }
        guard !containsRefused(text, allowsNewline: allowsNewline) else { return .refusedScalar }
        var characters = 0
        for character in text {
            characters += 1
            guard characters <= maximumCharacters else { return .tooManyCharacters(text.count) }
            guard markCount(character) <= maximumMarksPerCharacter else { return .tooManyMarks }
        }
        return nil
    }
}
