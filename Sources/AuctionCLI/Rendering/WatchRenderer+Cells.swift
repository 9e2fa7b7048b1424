import AuctionCore

/// The pieces of a product line on the watch screen: marker, cells, colours, the time left.
extension WatchRenderer {
    /// A whole product line: the selection marker, then the row with the change cell coloured (or, once
    /// the auction ended, `SOLD · price · winner`); plain and cut when it does not fit.
    static func line(_ product: Product, in state: WatchState, columns: WatchColumns, now: Timestamp) -> String {
        let width = state.size.columns
        let selected = state.products.indices.contains(state.selected) && state.products[state.selected].id == product.id
        let plain = (selected ? "›" : " ") + standingMark(state.standings[product.id], color: false)
        let marker = (selected ? "›" : " ") + standingMark(state.standings[product.id], color: state.color)
        let table = columns.table
        let row = table.row(for: product)
        let gap = String(repeating: " ", count: ProductColumns.gap)
        if product.isClosed {
            let head = plain + ListTable.prefix(row, cells: table.priceColumn - 1)
            let parts = LotStatusText.rowParts(product, viewer: nil)
            // The final price is shown whole or not at all (`SOLD` alone on a narrow terminal).
            let room = width - TerminalText.width(head)
            let text = TerminalText.truncate(head, toWidth: width)
                + (room > 0 ? TerminalText.fitting(first: parts[0], rest: Array(parts.dropFirst()), width: room, floor: .max) : "")
            return state.color ? ANSI.bold + text + ANSI.reset : text
        }
        guard margin + table.totalWidth <= width else { return TerminalText.truncate(plain + row, toWidth: width) }
        let left = columns.timeLeft > 0 ? gap + timeLeftCell(product, columns: columns, color: state.color, now: now) : ""
        let stale = state.staleSince != nil && state.color
        guard state.color, table.price > 0, ListTable.tint(product.direction) != nil || stale || left != "" else { return marker + row + left }
        let head = ListTable.prefix(row, cells: table.priceColumn - 1)
        let start = table.start > 0 ? gap + TerminalText.fit(product.startPrice.description, toWidth: table.start, alignment: .right) : ""
        return marker + head + priceCell(product, columns: table, flash: nil, stale: stale)
            + trailingCells(product, columns: table, color: !stale) + start + left
    }

    /// What follows the price cell on a line: the change cell (coloured) and the bid count, each when shown.
    static func trailingCells(_ product: Product, columns: ProductColumns, color: Bool) -> String {
        let gap = String(repeating: " ", count: ProductColumns.gap)
        var out = ""
        if columns.change > 0 { out += gap + changeCell(product, columns: columns, color: color) }
        if columns.bids > 0 { out += gap + columns.bidsCell(product) }
        return out
    }

    /// One cell beside the id: `★` where the user leads (green), `!` where they are outbid (red), else a space.
    static func standingMark(_ standing: MyBidStatus?, color: Bool) -> String {
        switch standing {
        case .leading?: color ? ANSI.green + "★" + ANSI.reset : "★"
        case .outbid?: color ? ANSI.red + "!" + ANSI.reset : "!"
        default: " "
        }
    }

    /// The price cell; its changed digits coloured during a flash, dim while prices may be stale.
    static func priceCell(_ product: Product, columns: ProductColumns, flash: WatchScreen.Flash?, stale: Bool) -> String {
        let cell = columns.priceCell(product)
        if stale { return ANSI.dim + cell + ANSI.reset }
        guard let flash, let tint = ListTable.tint(flash.direction) else { return cell }
        let split = cell.index(cell.startIndex, offsetBy: min(flash.firstChangedIndex, cell.count))
        return String(cell[..<split]) + tint + String(cell[split...]) + ANSI.reset
    }

    /// The change cell, green or red by direction when colouring.
    static func changeCell(_ product: Product, columns: ProductColumns, color: Bool) -> String {
        let cell = columns.changeCell(product)
        guard color, let tint = ListTable.tint(product.direction) else { return cell }
        return tint + cell + ANSI.reset
    }

    /// The time-left text ("2h 14m", "48 s", "ended"), empty without an end time; `+2×` after it
    /// once soft close extended the auction.
    static func timeLeftText(_ product: Product, now: Timestamp) -> String {
        guard let end = product.endsAt else { return "" }
        let marker = extensionMarker(product)
        return TimeLeft(until: end, now: now).text + (marker.isEmpty ? "" : " " + marker)
    }

    /// `+2×` for an auction soft close extended twice; empty when never extended.
    static func extensionMarker(_ product: Product) -> String {
        product.extensions > 0 ? "+\(product.extensions)×" : ""
    }

    /// The bytes that turn the time-left cell from `old` to the product's text now: only the characters
    /// from the first that differs (`49m 07s` → `49m 06s` writes `6s`); the whole cell when it turns red.
    static func timeLeftUpdate(_ product: Product, from old: String, row: Int, columns: WatchColumns, color: Bool, now: Timestamp) -> String {
        let urgent = color && product.endsAt.map { TimeLeft(until: $0, now: now).isUrgent } == true
        let before = Array(TerminalText.fit(old, toWidth: columns.timeLeft, alignment: .right))
        let after = Array(TerminalText.fit(timeLeftText(product, now: now), toWidth: columns.timeLeft, alignment: .right))
        guard !urgent, before.count == after.count else {
            return ANSI.moveTo(row: row, column: columns.timeLeftColumn) + timeLeftCell(product, columns: columns, color: color, now: now)
        }
        var first = 0
        while first < after.count, before[first] == after[first] { first += 1 }
        let rest = String(after[first...])
        return ANSI.moveTo(row: row, column: columns.timeLeftColumn + TerminalText.width(String(after[..<first]))) + rest
    }

    /// The time-left cell, right-aligned, red under a minute when colouring.
    static func timeLeftCell(_ product: Product, columns: WatchColumns, color: Bool, now: Timestamp) -> String {
        let cell = TerminalText.fit(timeLeftText(product, now: now), toWidth: columns.timeLeft, alignment: .right)
        guard color, let end = product.endsAt, TimeLeft(until: end, now: now).isUrgent else { return cell }
        return ANSI.red + cell + ANSI.reset
    }
}
