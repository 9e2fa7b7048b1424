/// The `?` keys help of `watch` as a scrollable overlay: its lines wrapped to the terminal's width (a
/// key's words continue under its description), the rows that fit between the title and the status line,
/// and where the window is. A value: the renderer paints it, the model scrolls it.
public struct HelpOverlay: Hashable, Sendable {
    /// The help's lines, wrapped to the width.
    public let lines: [String]
    /// How many lines fit on screen at once.
    public let room: Int

    /// The help for a terminal of `rows` × `columns`: every row but the title and the status line.
    public init(rows: Int, columns: Int) {
        lines = WatchRenderer.helpLines.flatMap { HelpOverlay.wrap($0, width: max(10, columns)) }
        room = max(1, rows - 2)
    }

    /// The first line shown for a wanted `offset`: never past the last full window.
    public func clamped(_ offset: Int) -> Int { max(0, min(offset, lines.count - room)) }

    /// The lines shown from `offset`.
    public func window(from offset: Int) -> ArraySlice<String> {
        let first = clamped(offset)
        return lines[first..<min(lines.count, first + room)]
    }

    /// The status line's parts while the help is open: where the window is and the keys that move it.
    public func status(from offset: Int) -> [String] {
        let first = clamped(offset)
        guard lines.count > room else { return ["help", "any key closes"] }
        return ["help \(first + 1)–\(min(lines.count, first + room)) of \(lines.count)", "↑↓ scroll", "any other key closes"]
    }

    /// `text` in lines of at most `width` cells, broken at spaces; continuation lines are indented to
    /// where the first line's description starts (after the key column), so the keys stand out.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard TerminalText.width(text) > width else { return [text] }
        let indent = text.hasPrefix("  ") ? min(19, width / 3) : 2
        var lines: [String] = []
        var line: String?
        // Empty words are the runs of spaces: joined back with single spaces they keep the columns.
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            guard let current = line else {
                line = word
                continue
            }
            let candidate = current + " " + word
            if TerminalText.width(candidate) <= width || current.allSatisfy({ $0 == " " }) {
                line = candidate
            } else {
                lines.append(current)
                line = String(repeating: " ", count: indent) + word
            }
        }
        if let line, !line.isEmpty { lines.append(line) }
        return lines.map { TerminalText.truncate($0, toWidth: width) }
    }
}
