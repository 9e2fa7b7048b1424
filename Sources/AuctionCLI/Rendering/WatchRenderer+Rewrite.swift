/// Rewriting a painted line in place with as few bytes as it takes: the status line's `12 updates`
/// becoming `13 updates` writes one digit, not the whole line.
extension WatchRenderer {
    /// The bytes that turn `old` (as painted at `row`, from column 1) into `new`: a cursor move to the
    /// first character that differs, then the characters up to the last one that differs (styled with
    /// `style`, reset after), and a clear to the end of the line when `new` is narrower. Empty when equal.
    static func rewrite(row: Int, old: String, new: String, style: String?) -> String {
        let before = Array(old), after = Array(new)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        if prefix == before.count && prefix == after.count { return "" }
        let oldWidth = TerminalText.width(old), newWidth = TerminalText.width(new)
        // A common end is kept only when the widths match: then it sits in the same cells on screen.
        var suffix = 0
        if oldWidth == newWidth {
            while suffix < before.count - prefix, suffix < after.count - prefix,
                  before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        }
        let middle = String(after[prefix..<(after.count - suffix)])
        var out = ANSI.moveTo(row: row, column: 1 + TerminalText.width(String(after[..<prefix])))
        if !middle.isEmpty { out += style.map { $0 + middle + ANSI.reset } ?? middle }
        if newWidth < oldWidth { out += ANSI.clearToEndOfLine }
        return out
    }
}
