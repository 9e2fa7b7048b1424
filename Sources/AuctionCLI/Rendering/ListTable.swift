import AuctionCore

/// Renders `auction list`: a header and one row per product, arrows coloured on a colour terminal.
public enum ListTable {
    /// The table as lines (no trailing newlines).
    /// - Parameters:
    ///   - products: the rows, in order.
    ///   - width: the terminal's width, to which names are truncated; nil for no limit (piped output).
    ///   - color: whether to colour the change column and dim the header.
    public static func render(_ products: [Product], width: Int?, color: Bool) -> [String] {
        let columns = ProductColumns(fitting: products, maximumWidth: width)
        var lines = [color ? ANSI.bold + columns.header + ANSI.reset : columns.header]
        for product in products {
            var line = columns.row(for: product)
            if color, let tint = tint(product.direction) {
                // Colour the change cell only: it sits between the price and start columns.
                let before = columns.changeColumn - 1
                let prefixCells = prefix(line, cells: before)
                let rest = String(line.dropFirst(prefixCells.count))
                let cell = prefix(rest, cells: columns.change)
                line = prefixCells + tint + cell + ANSI.reset + String(rest.dropFirst(cell.count))
            }
            lines.append(line)
        }
        return lines
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
