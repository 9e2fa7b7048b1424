import AuctionCore

/// Renders `auction watch` as a pure function from (what is on screen, what should be, now) to the
/// bytes to write. A price change rewrites only the changed cells of that product's line (cursor
/// addressing, the changed digits green or red); a fade step later rewrites them plain. Everything
/// else (first draw, resize, page change, a different set of products) is a full paint.
public enum WatchRenderer {
    /// How long a changed price stays coloured.
    public static let flashMilliseconds: Int64 = 1000
    /// How often the status line's "last update N s ago" is refreshed.
    public static let statusRefreshMilliseconds: Int64 = 1000
    /// The row of the first product (row 1 is the title, row 2 the column header).
    static let firstProductRow = 3
    /// Room for prices up to 999,999,999 so that rising prices do not move the columns.
    static let moneyWidth = 11
    /// Room for changes up to `↑ +9,999,999`.
    static let changeWidth = 12

    /// The bytes to write and the resulting screen.
    public static func render(previous: WatchScreen?, state: WatchState, now: Timestamp) -> (bytes: [UInt8], screen: WatchScreen) {
        let columns = ProductColumns(fitting: state.products, maximumWidth: state.size.columns, minimumMoneyWidth: moneyWidth, minimumChangeWidth: changeWidth)
        guard let previous, !needsFullPaint(previous: previous, state: state, columns: columns) else {
            return fullPaint(state: state, columns: columns, now: now)
        }
        var out = ""
        var screen = previous
        screen.state = state
        let visible = visibleCount(state)
        for index in 0..<visible {
            let old = previous.state.products[index], new = state.products[index]
            let row = WatchScreen.row(ofIndex: index)
            let fits = columns.totalWidth <= state.size.columns
            if old.name != new.name || old.startPrice != new.startPrice || (!fits && old != new) {
                screen.flashes[new.id] = nil
                out += ANSI.moveTo(row: row, column: 1) + line(new, columns: columns, width: state.size.columns, color: state.color)
                    + ANSI.clearToEndOfLine
            } else if !fits {
                continue
            } else if old.currentPrice != new.currentPrice || old.lastChange != new.lastChange || old.direction != new.direction {
                var flash: WatchScreen.Flash?
                if state.color && old.currentPrice != new.currentPrice {
                    let direction: PriceDirection = new.currentPrice > old.currentPrice ? .up : .down
                    flash = WatchScreen.Flash(direction: direction, until: now.adding(milliseconds: flashMilliseconds),
                                              firstChangedIndex: firstDifference(columns.priceCell(old), columns.priceCell(new)))
                }
                screen.flashes[new.id] = flash
                out += ANSI.moveTo(row: row, column: columns.priceColumn)
                    + priceCell(new, columns: columns, flash: flash)
                    + String(repeating: " ", count: ProductColumns.gap)
                    + changeCell(new, columns: columns, color: state.color)
            } else if let flash = previous.flashes[new.id], flash.until <= now {
                screen.flashes[new.id] = nil
                out += ANSI.moveTo(row: row, column: columns.priceColumn) + priceCell(new, columns: columns, flash: nil)
            }
        }
        let status = statusLine(state, now: now)
        let connectionChanged = previous.state.connection != state.connection
        let due = now.millisecondsSinceEpoch - previous.statusPaintedAt.millisecondsSinceEpoch >= statusRefreshMilliseconds
        if status != previous.statusText && (connectionChanged || due) {
            out += ANSI.moveTo(row: statusRow(state), column: 1) + styledStatus(status, color: state.color) + ANSI.clearToEndOfLine
            screen.statusText = status
            screen.statusPaintedAt = now
        }
        return (Array(out.utf8), screen)
    }

    /// A full paint regardless of what is on screen (e.g. after `r` or when the terminal may be garbled).
    public static func fullPaint(state: WatchState, now: Timestamp) -> (bytes: [UInt8], screen: WatchScreen) {
        fullPaint(state: state, columns: ProductColumns(fitting: state.products, maximumWidth: state.size.columns, minimumMoneyWidth: moneyWidth, minimumChangeWidth: changeWidth), now: now)
    }

    private static func fullPaint(state: WatchState, columns: ProductColumns, now: Timestamp) -> (bytes: [UInt8], screen: WatchScreen) {
        var out = ANSI.hideCursor + ANSI.home + ANSI.clearScreen
        let width = state.size.columns
        let title = TerminalText.truncate(TerminalText.sanitized(state.title) + " · " + state.pageLabel, toWidth: width)
        out += ANSI.moveTo(row: 1, column: 1) + (state.color ? ANSI.bold + title + ANSI.reset : title)
        let header = TerminalText.truncate(columns.header, toWidth: width)
        out += ANSI.moveTo(row: 2, column: 1) + (state.color ? ANSI.dim + header + ANSI.reset : header)
        for index in 0..<visibleCount(state) {
            out += ANSI.moveTo(row: WatchScreen.row(ofIndex: index), column: 1) + line(state.products[index], columns: columns, width: width, color: state.color)
        }
        let status = statusLine(state, now: now)
        out += ANSI.moveTo(row: statusRow(state), column: 1) + styledStatus(status, color: state.color)
        let screen = WatchScreen(state: state, columns: columns, flashes: [:], statusText: status, statusPaintedAt: now)
        return (Array(out.utf8), screen)
    }

    /// The status line's words: connection, updates, time since the last, page, keys.
    public static func statusLine(_ state: WatchState, now: Timestamp) -> String {
        var parts = [state.connection.summary, "\(state.updatesReceived) update" + (state.updatesReceived == 1 ? "" : "s")]
        if let last = state.lastUpdateAt {
            let seconds = max(0, (now.millisecondsSinceEpoch - last.millisecondsSinceEpoch) / 1000)
            parts.append("last \(seconds) s ago")
        }
        parts.append(state.pageLabel)
        parts.append("q quit · n/p page · r reload")
        return TerminalText.truncate(parts.joined(separator: " · "), toWidth: state.size.columns)
    }

    private static func needsFullPaint(previous: WatchScreen, state: WatchState, columns: ProductColumns) -> Bool {
        let old = previous.state
        return old.size != state.size || old.pageNumber != state.pageNumber || old.pageCount != state.pageCount
            || old.morePages != state.morePages
            || old.color != state.color || old.title != state.title || previous.columns != columns
            || old.products.map(\.id) != state.products.map(\.id)
    }

    private static func visibleCount(_ state: WatchState) -> Int {
        max(0, min(state.products.count, state.size.rows - firstProductRow - 1))
    }

    private static func statusRow(_ state: WatchState) -> Int {
        min(state.size.rows, firstProductRow + visibleCount(state) + 1)
    }

    private static func styledStatus(_ status: String, color: Bool) -> String {
        color ? ANSI.reverse + status + ANSI.reset : status
    }

    /// A whole product line: the row with the change cell coloured; plain and cut when it does not fit.
    private static func line(_ product: Product, columns: ProductColumns, width: Int, color: Bool) -> String {
        let row = columns.row(for: product)
        guard columns.totalWidth <= width else { return TerminalText.truncate(row, toWidth: width) }
        guard color, ListTable.tint(product.direction) != nil else { return row }
        let head = ListTable.prefix(row, cells: columns.priceColumn - 1)
        let gap = String(repeating: " ", count: ProductColumns.gap)
        let start = columns.start > 0 ? gap + TerminalText.fit(product.startPrice.description, toWidth: columns.start, alignment: .right) : ""
        return head + priceCell(product, columns: columns, flash: nil) + gap + changeCell(product, columns: columns, color: true) + start
    }

    private static func priceCell(_ product: Product, columns: ProductColumns, flash: WatchScreen.Flash?) -> String {
        let cell = columns.priceCell(product)
        guard let flash, let tint = ListTable.tint(flash.direction) else { return cell }
        let split = cell.index(cell.startIndex, offsetBy: min(flash.firstChangedIndex, cell.count))
        return String(cell[..<split]) + tint + String(cell[split...]) + ANSI.reset
    }

    private static func changeCell(_ product: Product, columns: ProductColumns, color: Bool) -> String {
        let cell = columns.changeCell(product)
        guard color, let tint = ListTable.tint(product.direction) else { return cell }
        return tint + cell + ANSI.reset
    }

    /// The index of the first character that differs between two equally wide cells.
    private static func firstDifference(_ old: String, _ new: String) -> Int {
        let a = Array(old), b = Array(new)
        guard a.count == b.count else { return 0 }
        var index = 0
        while index < a.count && a[index] == b[index] { index += 1 }
        // Start the colour at the first digit, not at a padding space or separator.
        while index < b.count && !(b[index].isNumber) { index += 1 }
        return index == b.count ? 0 : index
    }
}

extension WatchState {
    /// `page 2/3`, or `page 2/3+` while more pages may follow the loaded ones.
    var pageLabel: String { "page \(pageNumber)/\(pageCount)" + (morePages ? "+" : "") }
}
