import AuctionCore

/// Painting the panes beside or below the table: each pane row is written only when its text changed,
/// all of them after the table cleared the screen; the cursor goes to the chat input while it is focused.
extension WatchModel {
    /// The pane rows as painted, by terminal row: the text from the pane's left column (its separator included).
    struct PaneScreen: Hashable, Sendable {
        var rows: [Int: String] = [:]
        var layout: AppLayout
        /// Where the cursor was left shown (the chat input), if it was.
        var cursor: Cursor?
    }

    /// A terminal cell, 1-based.
    struct Cursor: Hashable, Sendable {
        let row: Int
        let column: Int
    }

    /// The bytes that bring the panes up to date after the table wrote `tableBytes` (a full paint clears the
    /// screen and hides the cursor: then every pane row is written again). The cursor is placed on the chat
    /// input after anything was written, or when it moved.
    mutating func paneBytes(now: Timestamp, tableBytes: Int, tableRepainted: Bool) -> String {
        let layout = appLayout
        var painted = (tableRepainted || paneScreen?.layout != layout) ? PaneScreen(layout: layout) : (paneScreen ?? PaneScreen(layout: layout))
        var rows: [Int: String] = [:]
        var cursor: Cursor?
        if let open = pane, let box = layout.detail, let product = board.rows.first(where: { $0.id == open.productID }) {
            let facts = LotPaneView.Facts(product: product, standing: standings[product.id], watched: watchlist.map { $0.contains(product.id) },
                                          viewer: viewer, color: color, clock: clock, now: now)
            var drawn = open.drawn
            let picture = open.imageID.flatMap { open.pictures[$0] }
            let depth = colorDepth
            let lines = LotPaneView.detail(open, facts, width: box.width, height: box.height) { width, height in
                guard case .image(let image)? = picture, let id = open.imageID else { return nil }
                if let kept = drawn, kept.imageID == id, kept.width == width, kept.height == height { return kept }
                let art = HalfBlockImage.render(image, width: width, maximumLines: height, depth: depth)
                let made = DrawnPicture(imageID: id, width: width, height: height, lines: art,
                                        cells: art.first.map { $0.filter { $0 == "▀" }.count } ?? 0)
                drawn = made
                return made
            }
            pane?.drawn = drawn
            for (offset, line) in lines.enumerated() { rows[box.top + offset] = line.padded(to: box.width) }
            if let chatBox = layout.chat {
                let chat = LotPaneView.chatLines(open, unavailable: chatUnavailable, width: chatBox.width, height: chatBox.height,
                                                 clock: clock, style: chatStyle)
                for (offset, line) in chat.lines.enumerated() { rows[chatBox.top + offset] = line.padded(to: chatBox.width) }
                if let column = chat.cursor { cursor = Cursor(row: chatBox.top + chatBox.height - 1, column: chatBox.left + column) }
            }
        }
        var out = ""
        let left = layout.detail?.left ?? 1
        for (row, text) in rows.sorted(by: { $0.key < $1.key }) {
            let line = (layout.separatorColumn != nil ? (color ? ANSI.dim + "│" + ANSI.reset : "│") : "") + text
            guard painted.rows[row] != line else { continue }
            let column = left - (layout.separatorColumn != nil ? 1 : 0)
            out += Self.rewrite(row: row, column: column, old: painted.rows[row], new: line)
            painted.rows[row] = line
        }
        let wasShown = tableRepainted ? nil : paneScreen?.cursor
        if let cursor, tableBytes > 0 || !out.isEmpty || wasShown != cursor {
            out += ANSI.moveTo(row: cursor.row, column: cursor.column) + (wasShown == nil ? ANSI.showCursor : "")
        } else if cursor == nil, wasShown != nil {
            out += ANSI.hideCursor
        }
        painted.cursor = cursor
        paneScreen = painted
        return out
    }

    /// The bytes that turn a pane row from `old` to `new` (both padded to the pane's width): plain rows
    /// only from the first to the last character that differs (the time left ticking writes a digit or
    /// two), styled ones (a picture, a coloured name) whole.
    static func rewrite(row: Int, column: Int, old: String?, new: String) -> String {
        guard let old, !old.contains("\u{1B}"), !new.contains("\u{1B}"), TerminalText.width(old) == TerminalText.width(new) else {
            return ANSI.moveTo(row: row, column: column) + new
        }
        let before = Array(old), after = Array(new)
        guard before.count == after.count else { return ANSI.moveTo(row: row, column: column) + new }
        var first = 0
        while first < after.count, before[first] == after[first] { first += 1 }
        var last = after.count
        while last > first, before[last - 1] == after[last - 1] { last -= 1 }
        return ANSI.moveTo(row: row, column: column + TerminalText.width(String(after[..<first]))) + String(after[first..<last])
    }
}
