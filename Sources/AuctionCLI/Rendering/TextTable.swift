/// A plain-text table with a bold header: each column as wide as its widest cell, column 1 (the
/// name) shrunk to fit a terminal width, chosen columns left-aligned, one column tinted per row.
/// Serves `auction mine` (`MineTable`) and `auction mine --selling` (`SellingTable`).
struct TextTable {
    /// The header cells.
    var header: [String]
    /// The rows' cells (already sanitised), one array per row, as many cells as the header.
    var cells: [[String]]
    /// The columns aligned left; the others are aligned right.
    var leftAligned: Set<Int>
    /// The column a row's tint colours.
    var tintedColumn: Int

    /// The lines: the header (bold with `color`), then each row with `tint(row)` around its tinted cell.
    func render(width: Int?, color: Bool, tint: (Int) -> String?) -> [String] {
        var widths = header.indices.map { column in
            max(TerminalText.width(header[column]), cells.map { TerminalText.width($0[column]) }.max() ?? 0)
        }
        let gap = ProductColumns.gap
        if let width {
            let others = widths.enumerated().filter { $0.offset != 1 }.map(\.element).reduce(0, +) + gap * (header.count - 1)
            widths[1] = max(6, min(widths[1], width - others))
        }
        func line(_ row: [String]) -> [String] {
            row.enumerated().map { column, text in
                TerminalText.fit(text, toWidth: widths[column], alignment: leftAligned.contains(column) ? .left : .right)
            }
        }
        let space = String(repeating: " ", count: gap)
        let title = line(header).joined(separator: space)
        var lines = [color ? ANSI.bold + title + ANSI.reset : title]
        for (index, row) in cells.enumerated() {
            var fitted = line(row)
            if color, let tint = tint(index) { fitted[tintedColumn] = tint + fitted[tintedColumn] + ANSI.reset }
            lines.append(fitted.joined(separator: space))
        }
        return lines
    }
}
