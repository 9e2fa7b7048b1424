import AuctionCore

/// Renders `auction list`: a header and one row per product, arrows coloured on a colour terminal.
public enum ListTable {
    /// The table as lines (no trailing newlines).
    /// - Parameters:
    ///   - products: the rows, in order.
    ///   - width: the terminal's width, to which names are truncated; nil for no limit (piped output).
    ///   - color: whether to colour the change column and dim the header.
    ///   - now: the time the `LEFT` column counts from ("2h 14m", "48 s" in red, "ended"); nil for no column.
    public static func render(_ products: [Product], width: Int?, color: Bool, now: Timestamp? = nil) -> [String] {
        let left = now.map { now in products.map { timeLeftText($0, now: now) } }
        let leftWidth = left.map { texts in max("LEFT".count, texts.map { TerminalText.width($0.text) }.max() ?? 0) } ?? 0
        let gap = String(repeating: " ", count: ProductColumns.gap)
        let columns = ProductColumns(fitting: products, maximumWidth: width, leftWidth: left == nil ? 0 : leftWidth)
        var header = columns.header
        if columns.left > 0 { header += gap + TerminalText.fit("LEFT", toWidth: leftWidth, alignment: .right) }
        var lines = [color ? ANSI.bold + header + ANSI.reset : header]
        for (index, product) in products.enumerated() {
            var line = columns.row(for: product)
            if color, columns.change > 0, let tint = tint(product.direction) {
                // Colour the change cell only: it sits between the price and start columns.
                let before = columns.changeColumn - 1
                let prefixCells = prefix(line, cells: before)
                let rest = String(line.dropFirst(prefixCells.count))
                let cell = prefix(rest, cells: columns.change)
                line = prefixCells + tint + cell + ANSI.reset + String(rest.dropFirst(cell.count))
            }
            if columns.left > 0, let cell = left?[index] {
                let text = TerminalText.fit(cell.text, toWidth: leftWidth, alignment: .right)
                line += gap + (color && cell.isUrgent ? ANSI.red + text + ANSI.reset : text)
            }
            lines.append(line)
        }
        return lines
    }

    /// The `LEFT` cell of a product: "ended" once closed, empty when the end time is unknown.
    static func timeLeftText(_ product: Product, now: Timestamp) -> (text: String, isUrgent: Bool) {
        if product.isClosed { return (LotStatusText.cell(product), false) }
        guard let end = product.endsAt else { return ("", false) }
        let left = TimeLeft(until: end, now: now)
        return (left.text, left.isUrgent)
    }

    /// The colour for a direction, nil when unchanged.
    static func tint(_ direction: PriceDirection) -> String? {
        switch direction {
        case .up: ANSI.green
        case .down: ANSI.red
        case .unchanged: nil
        }
    }

    /// The leading characters of `text` that fill `cells` cells.
    static func prefix(_ text: String, cells: Int) -> String {
        var used = 0
        var out = ""
        for character in text {
            let width = TerminalText.width(of: character)
            if used + width > cells { break }
            out.append(character)
            used += width
        }
        return out
    }
}
