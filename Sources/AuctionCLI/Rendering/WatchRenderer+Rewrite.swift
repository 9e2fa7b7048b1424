import AuctionCore

/// Rewriting a painted line in place with as few bytes as it takes: the status line's `12 updates`
/// becoming `13 updates` writes one digit, not the whole line.
extension WatchRenderer {
    /// The bytes that turn `old` (as painted at `row`, from column 1) into `new`: a cursor move to the
    /// first character that differs, then the characters up to the last one that differs (styled with
    /// `style`, reset after), and a clear to the end of the line when `new` is narrower. Empty when equal.
    /// With `clears` false (a pane to the right) a narrower line is written whole and padded with spaces instead.
    static func rewrite(row: Int, old: String, new: String, style: String?, clears: Bool = true) -> String {
        let before = Array(old), after = Array(new)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        if prefix == before.count && prefix == after.count { return "" }
        let oldWidth = TerminalText.width(old), newWidth = TerminalText.width(new)
        if !clears && newWidth < oldWidth {
            let padded = new + String(repeating: " ", count: oldWidth - newWidth)
            return ANSI.moveTo(row: row, column: 1) + (style.map { $0 + padded + ANSI.reset } ?? padded)
        }
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

/// Rewriting the cells of a price change: only the characters that changed, each cell on its own, the
/// cursor moved along the row by the shortest sequence (a jump forward is `ESC [ n C`, not a full address).
extension WatchRenderer {
    /// The cursor's place while cells of one row are written: its row and the 1-based column it is at.
    struct RowCursor {
        /// The row written.
        let row: Int
        /// Where the cursor is on it; nil before the first write (then a full address is needed).
        var column: Int?

        /// The bytes that bring the cursor to `target` on the row.
        mutating func move(to target: Int) -> String {
            defer { column = target }
            guard let column, target >= column else { return ANSI.moveTo(row: row, column: target) }
            return target == column ? "" : "\u{1B}[\(target - column)C"
        }
    }

    /// The bytes that write `new` from its character `first` on (a cell that starts at `column`), in `style`.
    static func changedCell(_ cursor: inout RowCursor, column: Int, new: String, from first: Int, style: String?) -> String {
        let cell = Array(new), start = max(0, min(first, cell.count))
        guard start < cell.count else { return "" }
        let text = String(cell[start...])
        let at = column + TerminalText.width(String(cell[..<start]))
        let move = cursor.move(to: at)
        cursor.column = at + TerminalText.width(text)
        return move + (style.map { $0 + text + ANSI.reset } ?? text)
    }

    /// The change cell (its direction's colour; whole when the direction turned) and the bid count, each
    /// written from the first character that differs, nothing when it did not change.
    static func changedCells(_ old: Product, _ new: Product, cursor: inout RowCursor, columns: ProductColumns, color: Bool) -> String {
        var out = ""
        if columns.change > 0 {
            let before = columns.changeCell(old), after = columns.changeCell(new)
            let tint = color ? ListTable.tint(new.direction) : nil
            let first = old.direction == new.direction ? commonPrefix(before, after) : 0
            if before != after || old.direction != new.direction {
                out += changedCell(&cursor, column: margin + columns.changeColumn, new: after, from: first, style: tint)
            }
        }
        if columns.bids > 0, old.bidCount != new.bidCount {
            let before = columns.bidsCell(old), after = columns.bidsCell(new)
            out += changedCell(&cursor, column: margin + columns.bidsColumn, new: after, from: commonPrefix(before, after), style: nil)
        }
        return out
    }

    /// How many leading characters two cells share.
    static func commonPrefix(_ old: String, _ new: String) -> Int {
        let a = Array(old), b = Array(new)
        var index = 0
        while index < a.count, index < b.count, a[index] == b[index] { index += 1 }
        return index
    }
}
