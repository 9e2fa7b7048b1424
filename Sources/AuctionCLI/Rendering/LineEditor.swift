/// The chat input line as a value: characters and a cursor, edited by `Key`s.
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
            characters.removeAll()
            cursor = 0
        case .left:
            guard cursor > 0 else { return .ignored }
            cursor -= 1
        case .right:
            guard cursor < characters.count else { return .ignored }
            cursor += 1
        case .home:
            cursor = 0
        case .end:
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
}
