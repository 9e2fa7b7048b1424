/// How the chat screen dresses messages: colour (off with `NO_COLOR` or `--no-color`), whose are yours,
/// and whether a line that mentions you is emphasised (not on a `TERM=dumb` terminal).
public struct ChatStyle: Hashable, Sendable {
    /// Whether names are coloured.
    public var color: Bool
    /// Your own name: your messages are marked `(you)` (and bold when coloured); others' that mention it are highlighted.
    public var ownName: String?
    /// Whether bold may be used for a mention without colour (a terminal that is not `dumb`).
    public var emphasis: Bool

    /// Creates a style; the default is plain with no own name.
    public init(color: Bool = false, ownName: String? = nil, emphasis: Bool = false) {
        self.color = color
        self.ownName = ownName
        self.emphasis = emphasis
    }

    /// Whether `text` from `sender` mentions your name as a word (any case), and is not your own.
    public func mentionsYou(_ text: String, from sender: String) -> Bool {
        guard let name = ownName, !name.isEmpty, sender != name else { return false }
        let lowered = text.lowercased(), target = name.lowercased()
        var searchFrom = lowered.startIndex
        while let found = lowered.range(of: target, range: searchFrom..<lowered.endIndex) {
            let before = found.lowerBound == lowered.startIndex ? nil : lowered[lowered.index(before: found.lowerBound)]
            let after = found.upperBound == lowered.endIndex ? nil : lowered[found.upperBound]
            if !Self.isNameCharacter(before) && !Self.isNameCharacter(after) { return true }
            searchFrom = lowered.index(after: found.lowerBound)
        }
        return false
    }

    /// The escape that starts a highlighted (mentioning) line: bold yellow, bold alone without colour, nothing at all on a dumb terminal.
    var highlight: String? {
        if color { return ANSI.bold + ANSI.csi + "33m" }
        return emphasis ? ANSI.bold : nil
    }

    private static func isNameCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_" || character == "-"
    }
}
