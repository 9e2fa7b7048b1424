/// The chat input line as a value: characters and a cursor, edited by `Key`s, with the readline and
/// irssi keys (Ctrl-A/E, Ctrl-W, Ctrl-U, Alt-B/F). Characters are grapheme clusters, so a wide or
/// multi-scalar character is one cursor step.
public struct LineEditor: Hashable, Sendable {
    /// What a key press asks the chat command to do.
    public enum Action: Hashable, Sendable {
        /// Nothing beyond redrawing the line.
        case edited
        /// Enter on a non-empty line: send this text (the line is now empty).
        case submit(String)
        /// Ctrl-C: leave.
        case interrupt
        /// Ctrl-D on an empty line: leave.
        case endOfInput
        /// The key does nothing here.
        case ignored
    }

    /// The characters typed.
    public private(set) var characters: [Character] = []
    /// The cursor position, 0...characters.count.
    public private(set) var cursor = 0
    /// The longest line accepted, in characters (the server refuses longer messages).
    public var maximumLength: Int

    /// An empty line.
    public init(maximumLength: Int = 1000) { self.maximumLength = maximumLength }

    /// The line's text.
    public var text: String { String(characters) }

    /// Applies a key.
    public mutating func handle(_ key: Key) -> Action {
        switch key {
        case .character(let character):
            guard characters.count < maximumLength else { return .ignored }
            characters.insert(character, at: cursor)
            cursor += 1
        case .tab:
            return handle(.character(" "))
        case .backspace:
            guard cursor > 0 else { return .ignored }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return .ignored }
            characters.remove(at: cursor)
        case .clearLine:
            // Ctrl-U kills back to the start (readline, irssi); at the end of the line that is all of it.
            guard cursor > 0 else { return .ignored }
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteWordBack:
            let start = wordStart(before: cursor)
            guard start < cursor else { return .ignored }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .wordBack:
            guard cursor > 0 else { return .ignored }
            cursor = wordStart(before: cursor)
        case .wordForward:
            guard cursor < characters.count else { return .ignored }
            cursor = wordEnd(after: cursor)
        case .left:
            guard cursor > 0 else { return .ignored }
            cursor -= 1
        case .right:
            guard cursor < characters.count else { return .ignored }
            cursor += 1
        case .home, .lineStart:
            cursor = 0
        case .end, .lineEnd:
            cursor = characters.count
        case .enter:
            let line = text
            guard !line.allSatisfy({ $0 == " " }) else { return .ignored }
            characters.removeAll()
            cursor = 0
            return .submit(line)
        case .interrupt:
            return .interrupt
        case .endOfInput:
            return characters.isEmpty ? .endOfInput : .ignored
        case .up, .down, .escape, .pageUp, .pageDown, .other:
            return .ignored
        }
        return .edited
    }

    /// Replaces the whole line (a recalled history entry), the cursor at its end.
    public mutating func replace(with text: String) {
        characters = Array(text.prefix(maximumLength))
        cursor = characters.count
    }

    /// Where the word ending at `index` starts: back over spaces, then over the word's characters.
    func wordStart(before index: Int) -> Int {
        var start = index
        while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Where the word starting at or after `index` ends: forward over spaces, then over the word.
    func wordEnd(after index: Int) -> Int {
        var end = index
        while end < characters.count && characters[end].isWhitespace { end += 1 }
        while end < characters.count && !characters[end].isWhitespace { end += 1 }
        return end
    }
}
