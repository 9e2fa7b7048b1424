/// The text bounds of a lot's name and description (issue 19): at most so many bytes (checked first,
/// so the rest costs time linear in a bounded input), so many characters, and chat's rule of at most
/// `maximumMarksPerCharacter` combining marks on one character (one letter with 100,000 marks is one
/// character, but not a name).
public enum LotTextRules {
    /// Most combining marks one character of a name or description may carry (chat's default).
    public static let maximumMarksPerCharacter = 8

    /// What is wrong with a name or description, the first rule it breaks.
    public enum Violation: Equatable, Sendable {
        /// More UTF-8 bytes than allowed.
        case tooManyBytes
        /// More characters than allowed.
        case tooManyCharacters
        /// A character with more combining marks than allowed.
        case tooManyMarks
    }

    /// Checks `text` against `maximumBytes`, `maximumCharacters` and the marks per character; nil when it passes.
    public static func violation(of text: String, maximumBytes: Int, maximumCharacters: Int) -> Violation? {
        guard text.utf8.count <= maximumBytes else { return .tooManyBytes }
        var characters = 0
        for character in text {
            characters += 1
            guard characters <= maximumCharacters else { return .tooManyCharacters }
            guard ChatTextRules.markCount(character) <= maximumMarksPerCharacter else { return .tooManyMarks }
        }
        return nil
    }
}
