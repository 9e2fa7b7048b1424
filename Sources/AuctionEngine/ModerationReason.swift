/// A moderator's (or a reporter's) reason for an action: required, bounded, and printable, since it is
/// shown to the people it concerns and stored in the moderation log for good. The rules are chat's
/// (`ChatTextRules`): no terminal controls, bidirectional overrides or stacks of combining marks; one line.
public struct ModerationReason: Hashable, Sendable, CustomStringConvertible {
    /// The longest reason in UTF-8 bytes.
    public static let maximumBytes = 500
    /// The longest reason in characters.
    public static let maximumCharacters = 280

    /// The reason, trimmed of surrounding spaces.
    public let text: String

    /// Why a reason is refused, as a sentence for the moderator.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// No reason, or only spaces.
        case missing
        /// Longer than the bounds.
        case tooLong
        /// Holds a control character, an escape, a bidirectional override or too many combining marks.
        case unprintable

        /// The sentence.
        public var description: String {
            switch self {
            case .missing: "a reason is required (--reason TEXT)"
            case .tooLong: "the reason is too long (at most \(ModerationReason.maximumCharacters) characters, \(ModerationReason.maximumBytes) bytes)"
            case .unprintable: "the reason holds control characters or escapes; use plain text on one line"
            }
        }
    }

    /// Checks `raw` (nil: none given) against the rules.
    public init(_ raw: String?) throws(Refusal) {
        guard let raw else { throw .missing }
        let trimmed = raw.trimmingSpaces
        switch ChatTextRules.violation(of: trimmed, maximumBytes: Self.maximumBytes, maximumCharacters: Self.maximumCharacters,
                                       maximumMarksPerCharacter: 4, allowsNewline: false) {
        case nil: text = trimmed
        case .empty: throw .missing
        case .tooManyBytes, .tooManyCharacters: throw .tooLong
        case .refusedScalar, .tooManyMarks: throw .unprintable
        }
    }

    /// The reason's text.
    public var description: String { text }
}

private extension String {
    /// Without leading and trailing spaces (U+0020 only: other blanks are refused or kept as written).
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
