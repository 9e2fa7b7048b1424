/// The lines sent from the chat input, for Up/Down recall as in irssi or a shell: Up steps back
/// through earlier lines, Down forward, and Down past the newest brings back the unfinished line.
public struct InputHistory: Hashable, Sendable {
    /// The lines, oldest first (at most `limit`; a line equal to the one before it is kept once).
    public private(set) var lines: [String] = []
    /// How many lines are kept.
    public let limit: Int
    /// While browsing, the index in `lines` shown; nil when editing the draft.
    public private(set) var position: Int?
    /// The unfinished line saved when browsing started.
    private var draft = ""

    /// An empty history keeping up to `limit` lines.
    public init(limit: Int = 500) { self.limit = max(1, limit) }

    /// Records a submitted line and stops browsing.
    public mutating func record(_ line: String) {
        position = nil
        draft = ""
        guard !line.isEmpty, lines.last != line else { return }
        lines.append(line)
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
    }

    /// Up: the line before the one shown (saving `current` as the draft when browsing starts); nil at the oldest.
    public mutating func older(than current: String) -> String? {
        switch position {
        case nil:
            guard !lines.isEmpty else { return nil }
            draft = current
            position = lines.count - 1
        case let index? where index > 0:
            position = index - 1
        default:
            return nil
        }
        return position.map { lines[$0] }
    }

    /// Down: the line after the one shown, or the saved draft after the newest; nil when not browsing.
    public mutating func newer() -> String? {
        guard let index = position else { return nil }
        if index + 1 < lines.count {
            position = index + 1
            return lines[index + 1]
        }
        position = nil
        defer { draft = "" }
        return draft
    }
}
