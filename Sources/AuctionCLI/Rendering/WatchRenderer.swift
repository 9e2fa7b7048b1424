import AuctionCore

/// Renders `auction watch` as a pure function from (what is on screen, what should be, now) to the
/// bytes to write. A price change rewrites only the changed cells of that product's line (cursor
/// addressing, the changed digits green or red); a fade step later rewrites them plain; the
/// time-left cells tick. Everything else (first draw, resize, page change or scroll, a different set
/// of products, the help, going stale) is a full paint.
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
    /// Cells before the id: the selection marker and a space.
    static let margin = 2
    /// Width of the time-left column ("2h 14m", "49m 07s", "12d 23h", "ended").
    static let timeLeftWidth = 7

    /// The bytes to write and the resulting screen.
    public static func render(previous: WatchScreen?, state: WatchState, now: Timestamp) -> (bytes: [UInt8], screen: WatchScreen) {
        let columns = self.columns(for: state)
        guard let previous, !needsFullPaint(previous: previous, state: state, columns: columns) else {
            return fullPaint(state: state, columns: columns, now: now)
        }
        var out = ""
        var screen = previous
        screen.state = state
        screen.wasFullPaint = false
        let layout = WatchLayout(state)
        let fits = margin + columns.table.totalWidth <= state.size.columns
        let staleChanged = (previous.state.staleSince == nil) != (state.staleSince == nil) && state.color
        for index in layout.shown where !state.showsHelp {
            let old = previous.state.products[index], new = state.products[index]
            let row = WatchScreen.row(ofIndex: index - layout.shown.lowerBound)
            let selectionMoved = (index == previous.state.selected) != (index == state.selected)
                || previous.state.standings[new.id] != state.standings[new.id]
            if old.name != new.name || old.startPrice != new.startPrice || old.isClosed != new.isClosed || old.winner != new.winner
                || selectionMoved || staleChanged || (!fits && old != new) || (new.isClosed && old != new) {
                screen.flashes[new.id] = nil
                out += ANSI.moveTo(row: row, column: 1) + cleared(line(new, in: state, columns: columns, now: now), in: state)
                screen.timeLeft[new.id] = timeLeftText(new, now: now)
                continue
            }
            guard fits, !new.isClosed, columns.table.price > 0 else { continue }
            if old.currentPrice != new.currentPrice || old.lastChange != new.lastChange || old.direction != new.direction
                || (columns.table.bids > 0 && old.bidCount != new.bidCount) {
                let stale = state.staleSince != nil && state.color
                var flash: WatchScreen.Flash?
                var first = firstDifference(columns.table.priceCell(old), columns.table.priceCell(new))
                // A flash still showing keeps its coloured digits: the new one starts no later than it.
                if let running = previous.flashes[new.id], running.until > now { first = min(first, running.firstChangedIndex) }
                if state.color && old.currentPrice != new.currentPrice {
                    let direction: PriceDirection = new.currentPrice > old.currentPrice ? .up : .down
                    flash = WatchScreen.Flash(direction: direction, until: now.adding(milliseconds: flashMilliseconds), firstChangedIndex: first)
                }
                screen.flashes[new.id] = flash
                var cursor = RowCursor(row: row)
                if stale {
                    out += cursor.move(to: columns.priceColumn) + priceCell(new, columns: columns.table, flash: nil, stale: true)
                    cursor.column = columns.priceColumn + columns.table.price
                } else if old.currentPrice != new.currentPrice {
                    out += changedCell(&cursor, column: columns.priceColumn, new: columns.table.priceCell(new), from: first,
                                       style: flash.flatMap { ListTable.tint($0.direction) })
                }
                out += changedCells(old, new, cursor: &cursor, columns: columns.table, color: state.color && !stale)
            } else if let flash = previous.flashes[new.id], flash.until <= now {
                screen.flashes[new.id] = nil
                if state.staleSince != nil && state.color {
                    out += ANSI.moveTo(row: row, column: columns.priceColumn) + priceCell(new, columns: columns.table, flash: nil, stale: true)
                } else {
                    // Only the coloured digits are written again, plain (the colour does not reach the rest).
                    let cell = Array(columns.table.priceCell(new)), first = min(flash.firstChangedIndex, cell.count)
                    out += ANSI.moveTo(row: row, column: columns.priceColumn + first) + String(cell[first...])
                }
            }
            if columns.timeLeft > 0 {
                let left = timeLeftText(new, now: now)
                if let old = previous.timeLeft[new.id], old != left {
                    screen.timeLeft[new.id] = left
                    out += timeLeftUpdate(new, from: old, row: row, columns: columns, color: state.color, now: now)
                }
            }
        }
        let status = statusLine(state, now: now)
        let detail = detailLine(state, now: now)
        let urgent = previous.state.connection != state.connection || previous.state.prompt != state.prompt
            || previous.state.filterPrompt != state.filterPrompt || previous.state.querySummary != state.querySummary
            || previous.state.reportPrompt != state.reportPrompt || previous.state.buyQuestion != state.buyQuestion
            || previous.state.staleSince != state.staleSince
            || previous.state.message != state.message || previous.state.selected != state.selected
        let due = now.millisecondsSinceEpoch - previous.statusPaintedAt.millisecondsSinceEpoch >= statusRefreshMilliseconds
        // The selected lot's line is never stale (its next bid follows every price); only what changed is written.
        if detail != previous.detailText && layout.detailRow < layout.statusRow {
            out += rewrite(row: layout.detailRow, old: previous.detailText, new: detail, style: state.color ? ANSI.dim : nil,
                           clears: state.clearsToEnd)
            screen.detailText = detail
        }
        if status != previous.statusText && (urgent || due) {
            out += rewrite(row: layout.statusRow, old: previous.statusText, new: status, style: state.color ? ANSI.reverse : nil,
                           clears: state.clearsToEnd)
            screen.statusText = status
            screen.statusPaintedAt = now
        }
        return (Array(out.utf8), screen)
    }

    /// A full paint regardless of what is on screen (e.g. after `r` or when the terminal may be garbled).
    public static func fullPaint(state: WatchState, now: Timestamp) -> (bytes: [UInt8], screen: WatchScreen) {
        fullPaint(state: state, columns: columns(for: state), now: now)
    }

    private static func fullPaint(state: WatchState, columns: WatchColumns, now: Timestamp) -> (bytes: [UInt8], screen: WatchScreen) {
        var out = ANSI.hideCursor + ANSI.home + ANSI.clearScreen
        let width = state.size.columns
        let layout = WatchLayout(state)
        let title = titleLine(state, shown: layout.shown, width: width)
        out += ANSI.moveTo(row: 1, column: 1) + (state.color ? ANSI.bold + title + ANSI.reset : title)
        var timeLeft: [ProductID: String] = [:]
        if state.showsHelp {
            let help = HelpOverlay(rows: state.size.rows, columns: width)
            for (offset, text) in help.window(from: state.helpOffset).enumerated() {
                out += ANSI.moveTo(row: 2 + offset, column: 1) + text
            }
        } else {
            let header = TerminalText.truncate(columns.header, toWidth: width)
            out += ANSI.moveTo(row: 2, column: 1) + (state.color ? ANSI.dim + header + ANSI.reset : header)
            for index in layout.shown {
                let product = state.products[index]
                out += ANSI.moveTo(row: WatchScreen.row(ofIndex: index - layout.shown.lowerBound), column: 1)
                    + line(product, in: state, columns: columns, now: now)
                timeLeft[product.id] = timeLeftText(product, now: now)
            }
        }
        if !state.showsHelp, let hint = state.hint, let row = layout.hintRow {
            out += ANSI.moveTo(row: row, column: 1) + TerminalText.truncate(TerminalText.sanitized(hint), toWidth: width)
        }
        let detail = detailLine(state, now: now)
        if layout.detailRow < layout.statusRow {
            out += ANSI.moveTo(row: layout.detailRow, column: 1) + styledDetail(detail, color: state.color)
        }
        let status = statusLine(state, now: now)
        out += ANSI.moveTo(row: layout.statusRow, column: 1) + styledStatus(status, color: state.color)
        var screen = WatchScreen(state: state, columns: columns.table, flashes: [:], statusText: status, statusPaintedAt: now)
        screen.timeLeftWidth = columns.timeLeft
        screen.detailText = detail
        screen.wasFullPaint = true
        screen.timeLeft = timeLeft
        return (Array(out.utf8), screen)
    }

    /// The first line: the title and the position (`auction watch · 127.0.0.1:3200 · lots 31–60 of 1,204`);
    /// the position alone when both do not fit, so it is never the part cut off.
    static func titleLine(_ state: WatchState, shown: Range<Int>, width: Int) -> String {
        let position = state.positionLabel(shown: shown)
        let full = TerminalText.sanitized(state.title) + " · " + position
        return TerminalText.truncate(TerminalText.width(full) <= width ? full : position, toWidth: width)
    }

    /// The status line's words: the prompt while a bid is typed, where the help is while it is open; else a
    /// message, the connection (with the reconnect countdown and since when prices are stale), updates,
    /// time since the last, the query, keys — whole parts left out where they do not fit.
    public static func statusLine(_ state: WatchState, now: Timestamp) -> String {
        if let prompt = state.prompt { return promptLine(prompt, width: state.size.columns) }
        if let report = state.reportPrompt { return TerminalText.truncate(report.line, toWidth: state.size.columns) }
        if let buy = state.buyQuestion { return TerminalText.truncate(buy.line, toWidth: state.size.columns) }
        if let filter = state.filterPrompt { return TerminalText.truncate(filter.line, toWidth: state.size.columns) }
        if state.showsHelp {
            let help = HelpOverlay(rows: state.size.rows, columns: state.size.columns)
            let parts = help.status(from: state.helpOffset)
            return TerminalText.fitting(first: parts[0], rest: Array(parts.dropFirst()), width: state.size.columns, floor: .max)
        }
        var parts: [String] = []
        if let message = state.message { parts.append(TerminalText.sanitized(message)) }
        parts.append(connectionText(state, now: now))
        if let stale = state.staleSince { parts.append("stale since " + state.clock.minutes(stale)) }
        parts.append("\(state.updatesReceived) update" + (state.updatesReceived == 1 ? "" : "s"))
        if let last = state.lastUpdateAt {
            let seconds = max(0, (now.millisecondsSinceEpoch - last.millisecondsSinceEpoch) / 1000)
            parts.append("last \(seconds) s ago")
        }
        if let summary = state.querySummary { parts.append(summary) }
        parts.append("? keys")
        return TerminalText.fitting(first: parts[0], rest: Array(parts.dropFirst()), width: state.size.columns, floor: .max)
    }

    /// The bid prompt's line; its question cut before its end, so that `Bid anyway? [y/N]` always shows.
    static func promptLine(_ prompt: BidPrompt, width: Int) -> String {
        let line = prompt.line, ending = " Bid anyway? [y/N]"
        guard prompt.question != nil, TerminalText.width(line) > width, line.hasSuffix(ending),
              width > TerminalText.width(ending) + 1 else { return TerminalText.truncate(line, toWidth: width) }
        return TerminalText.truncate(String(line.dropLast(ending.count)), toWidth: width - TerminalText.width(ending)) + ending
    }

    /// `reconnecting in 4 s` counted down to `reconnectAt`; the state's own words otherwise.
    static func connectionText(_ state: WatchState, now: Timestamp) -> String {
        guard case .reconnecting = state.connection, let at = state.reconnectAt else { return state.connection.summary }
        let remaining = at.millisecondsSinceEpoch - now.millisecondsSinceEpoch
        return remaining > 0 ? "reconnecting in \((remaining + 999) / 1000) s (r: now)" : "reconnecting…"
    }

    /// The line about the selected product: the least bid the server accepts now (as it stated it).
    public static func detailLine(_ state: WatchState, now: Timestamp) -> String {
        guard !state.showsHelp, state.products.indices.contains(state.selected) else { return "" }
        let product = state.products[state.selected]
        var parts = ["› \(product.id) \(TerminalText.sanitized(product.name))"]
        if product.isClosed {
            parts.append(LotStatusText.row(product, viewer: nil))
        } else {
            if let minimum = product.nextMinimum { parts.append("next bid \(minimum)") }
            if let end = product.endsAt { parts.append("ends in " + TimeLeft(until: end, now: now).text) }
            if product.extensions > 0 { parts.append("extended \(product.extensions)×") }
            parts.append("b bid")
            if let hint = state.paneHint { parts.append(hint) }
            // Last: the row's `★`/`!` already says it where the line is cut.
            if let standing = state.standings[product.id] { parts.append(standing == .leading ? "you lead" : "you are outbid") }
        }
        // The name may be cut (to 16 cells at least); the figures after it are whole or left out.
        return TerminalText.fitting(first: parts[0], rest: Array(parts.dropFirst()), width: state.size.columns, floor: 16)
    }

    /// The keys, as the `?` help lists them.
    public static let helpLines = [
        "keys (any key closes this help)",
        "  q, Ctrl-C        quit",
        "  ↑ ↓, k j         select a line (the table scrolls)",
        "  Enter, →         open the detail pane of the selected lot; Esc or ← closes it",
        "  b                bid on the selected line (Enter bids, Esc cancels)",
        "  B                proxy bid: type your maximum; the server bids for you up to it",
        "  u                buy the selected lot now at its buy-now price (asks first)",
        "  w                put the selected lot on your watchlist, or take it off",
        "  !                report the selected lot to the moderators (type why)",
        "  c                chat in the lot's room (detail pane); Esc back to the table",
        "  [ ]              the lot's previous / next image (detail pane)",
        "  n, p             next / previous screen (also Page Down / Page Up)",
        "  g, G             first / last screen (also Home / End)",
        "  r                reload the prices; while disconnected: reconnect now",
        "  /                filter (search on the server; Enter applies, Esc cancels, empty clears)",
        "  s                next sort: id, ending, price, new, change, bids",
        "  ?                this help",
        "  ★ you lead · ! you are outbid (your bids and proxy maximums)",
    ]

    private static func columns(for state: WatchState) -> WatchColumns {
        // Fitted to the lines on screen: every loaded row (thousands after `G`) is not measured per render.
        let shown = Array(state.products[WatchLayout(state).shown])
        let hasEnds = shown.contains { $0.endsAt != nil }
        let markerWidth = shown.map { TerminalText.width(extensionMarker($0)) }.max() ?? 0
        let leftWidth = timeLeftWidth + (markerWidth > 0 ? markerWidth + 1 : 0)
        let table = ProductColumns(fitting: shown, maximumWidth: state.size.columns - margin,
                                   minimumMoneyWidth: moneyWidth, minimumChangeWidth: changeWidth, leftWidth: hasEnds ? leftWidth : 0)
        return WatchColumns(table: table)
    }

    private static func needsFullPaint(previous: WatchScreen, state: WatchState, columns: WatchColumns) -> Bool {
        let old = previous.state
        return old.size != state.size || old.total != state.total
            || old.morePages != state.morePages || old.firstVisible != state.firstVisible || old.showsHelp != state.showsHelp || old.helpOffset != state.helpOffset
            || old.hint != state.hint
            || old.color != state.color || old.title != state.title || old.clearsToEnd != state.clearsToEnd
            || previous.columns != columns.table || previous.timeLeftWidth != columns.timeLeft
            || old.products.map(\.id) != state.products.map(\.id)
    }

    /// A rewritten line, then a clear to the end of the terminal's line, or (a pane beside the table) spaces to the table's edge.
    private static func cleared(_ line: String, in state: WatchState) -> String {
        guard !state.clearsToEnd else { return line + ANSI.clearToEndOfLine }
        return line + String(repeating: " ", count: max(0, state.size.columns - TerminalText.width(LotPaneView.plain(line))))
    }

    private static func styledStatus(_ status: String, color: Bool) -> String {
        color ? ANSI.reverse + status + ANSI.reset : status
    }

    private static func styledDetail(_ detail: String, color: Bool) -> String {
        color && !detail.isEmpty ? ANSI.dim + detail + ANSI.reset : detail
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
    /// The position line of the rows `shown`: `lots 31–60 of 1,204` (the server's count), `lots 31–60+`
    /// while lots may follow and the server gave no count, `no lots` when there are none.
    func positionLabel(shown: Range<Int>) -> String {
        ScreenPaging.positionLabel(shown: shown, total: total, more: morePages)
    }
}
