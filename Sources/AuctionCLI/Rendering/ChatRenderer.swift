import AuctionCore

/// Renders the chat screen: scrollback lines printed above an input line at the bottom, without ever
/// garbling what is being typed (clear the input line, print the entry, redraw the input line).
public enum ChatRenderer {
    /// The text of an entry: `[HH:MM:SS] alice: hi`, `[HH:MM:SS] * alice waves`, `[HH:MM:SS] * bob joined`, `-- notice`.
    public static func format(_ entry: ChatEntry, clock: TimeOfDay = .utc) -> String {
        switch entry {
        case .message(let sender, let text, let time):
            "[\(clock.format(time))] \(TerminalText.sanitized(sender)): \(TerminalText.sanitized(text))"
        case .action(let sender, let text, let time):
            "[\(clock.format(time))] * \(TerminalText.sanitized(sender)) \(TerminalText.sanitized(text))"
        case .presence(let user, let joined, let time):
            "[\(clock.format(time))] * \(TerminalText.sanitized(user)) \(joined ? "joined" : "left")"
        case .notice(let text):
            "-- " + TerminalText.sanitized(text)
        case .lot(let event):
            "[\(clock.format(event.time))] ▸ " + lotText(event, clock: clock)
        }
    }

    /// A lot event's words: `bid 12,000 by al…e (proxy)`, `extended: ends 14:05:00`, `sold at 15,000 to al…e`,
    /// `ended at 9,000, not sold`.
    static func lotText(_ event: ChatLotEvent, clock: TimeOfDay) -> String {
        let price = event.price.map(\.description) ?? "?"
        let who = event.bidder.map { TerminalText.sanitized($0) }
        switch event.kind {
        case .bid:
            return "bid \(price)" + (who.map { " by \($0)" } ?? "") + (event.isAutomatic ? " (proxy)" : "")
        case .extended:
            return "extended: ends " + (event.endsAt.map { clock.format($0) } ?? "later")
        case .sold:
            return "sold at \(price)" + (who.map { " to \($0)" } ?? "")
        case .ended:
            return "ended at \(price), not sold"
        }
    }

    /// The bytes that print an entry above the input line and redraw the input line after it.
    public static func print(_ entry: ChatEntry, editor: LineEditor, prompt: String, width: Int, clock: TimeOfDay = .utc,
                             style: ChatStyle = ChatStyle()) -> String {
        lines(entry, width: width, clock: clock, style: style).map { "\r" + ANSI.clearLine + $0 + "\r\n" }.joined()
            + inputLine(editor, prompt: prompt, width: width)
    }

    /// The bytes that repaint the whole screen at a new size: the last entries that fit, wrapped to
    /// the new width, above the input line.
    public static func repaint(_ entries: [ChatEntry], editor: LineEditor, prompt: String, size: TerminalSize,
                               clock: TimeOfDay = .utc, style: ChatStyle = ChatStyle()) -> String {
        var scrollback = ChatScrollback(limit: max(1, entries.count))
        for entry in entries { scrollback.append(entry, lines: 1) }
        return repaint(scrollback, editor: editor, prompt: prompt, size: size, clock: clock, style: style)
    }

    /// The bytes that repaint the whole screen: the conversation's lines the scrollback's view shows and,
    /// when scrolled back, the "more below" marker (with how many entries arrived) above the input line.
    public static func repaint(_ scrollback: ChatScrollback, editor: LineEditor, prompt: String, size: TerminalSize,
                               clock: TimeOfDay = .utc, style: ChatStyle = ChatStyle()) -> String {
        let area = max(0, size.rows - 1)
        let marker = scrollback.isLive || area < 2 ? nil : moreBelow(scrollback.unseen, width: size.columns)
        let all = screenLines(scrollback.entries, width: size.columns, clock: clock, style: style)
        let range = scrollback.visibleRange(totalLines: all.count, rows: area - (marker == nil ? 0 : 1))
        // Rows are painted from the top so a short conversation sits just above the input line.
        let shown = Array(all[range]) + (marker.map { [$0] } ?? [])
        var bytes = ANSI.clearScreen
        for (index, line) in shown.enumerated() {
            bytes += ANSI.moveTo(row: area - shown.count + index + 1, column: 1) + line
        }
        return bytes + ANSI.moveTo(row: size.rows, column: 1) + inputLine(editor, prompt: prompt, width: size.columns)
    }

    /// Every entry's screen lines at `width`, oldest first.
    public static func screenLines(_ entries: [ChatEntry], width: Int, clock: TimeOfDay = .utc,
                                   style: ChatStyle = ChatStyle()) -> [String] {
        entries.flatMap { lines($0, width: width, clock: clock, style: style) }
    }

    /// The marker shown while scrolled back: `-- more below (3 new) · PgDn or End returns --`, cut to `width`.
    public static func moreBelow(_ unseen: Int, width: Int) -> String {
        let count = unseen > 0 ? " (\(unseen) new)" : ""
        return TerminalText.truncate("-- more below\(count) · PgDn or End returns --", toWidth: max(1, width))
    }

    /// An entry as screen lines: wrapped at word boundaries to `width` (continuations indented past
    /// the time), the sender's name coloured by `style` and your own messages marked `(you)`.
    public static func lines(_ entry: ChatEntry, width: Int, clock: TimeOfDay = .utc, style: ChatStyle = ChatStyle()) -> [String] {
        switch entry {
        case .message(let sender, let text, let time), .action(let sender, let text, let time):
            // A line that mentions you stands out whole (its name then uncoloured, so one style holds).
            if style.mentionsYou(text, from: sender), let highlight = style.highlight {
                let indent = "[\(clock.format(time))] ".count
                return wrap(format(entry, clock: clock), width: width, indent: indent).map { highlight + $0 + ANSI.reset }
            }
        case .presence, .notice, .lot:
            break
        }
        guard case .message(let sender, let text, let time) = entry else {
            return wrap(format(entry, clock: clock), width: width, indent: 2)
        }
        let name = TerminalText.sanitized(sender)
        let own = style.ownName == sender
        let label = name + (own ? " (you)" : "")
        let head = "[\(clock.format(time))] "
        let plain = wrap(head + label + ": " + TerminalText.sanitized(text), width: width, indent: head.count)
        guard style.color, let first = plain.first, let range = first.range(of: label) else { return plain }
        let tint = own ? ANSI.bold : ""
        let coloured = first.replacingCharacters(in: range, with: tint + nickColor(sender) + label + ANSI.reset)
        return [coloured] + plain.dropFirst()
    }

    /// The colour of a name: one of six, the same for a name in every session (FNV-1a of its bytes).
    public static func nickColor(_ name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return ANSI.csi + "3\(1 + hash % 6)m"
    }

    /// `text` broken at spaces into lines of at most `width` cells; a word longer than a line is cut;
    /// lines after the first start with `indent` spaces (when that leaves room).
    static func wrap(_ text: String, width: Int, indent: Int) -> [String] {
        let width = max(1, width)
        let indent = indent < width / 2 ? indent : 0
        var lines: [String] = []
        var line = "", used = 0, fresh = true
        func newLine() {
            lines.append(line)
            line = String(repeating: " ", count: indent)
            used = indent
            fresh = true
        }
        for word in text.split(separator: " ") {
            if !fresh {
                if used + 1 + TerminalText.width(String(word)) <= width {
                    line += " "
                    used += 1
                } else {
                    newLine()
                }
            }
            for character in word {
                let cells = TerminalText.width(of: character)
                if used + cells > width && !fresh { newLine() }
                line.append(character)
                used += cells
                fresh = false
            }
        }
        lines.append(line)
        return lines
    }

    /// The bytes that redraw the input line in place: prompt, the visible part of the text, cursor placed.
    public static func inputLine(_ editor: LineEditor, prompt: String, width: Int) -> String {
        let view = inputView(editor, prompt: prompt, width: width)
        return "\r" + ANSI.clearLine + view.text + ANSI.column(view.cursor + 1)
    }

    /// The input line's text (prompt and the visible part of what is typed) and the cell the cursor is in,
    /// from 0: the chat screen and the lot's chat pane in `watch` draw it each at their own place.
    ///
    /// Text wider than the line scrolls horizontally so the cursor stays visible.
    public static func inputView(_ editor: LineEditor, prompt: String, width: Int) -> (text: String, cursor: Int) {
        let promptWidth = TerminalText.width(prompt)
        let room = max(1, width - promptWidth - 1)
        let characters = editor.characters
        // Choose the first visible character so the cursor fits within `room` cells.
        var start = 0
        var cellsBeforeCursor = characters[0..<editor.cursor].reduce(0) { $0 + TerminalText.width(of: $1) }
        while cellsBeforeCursor >= room && start < editor.cursor {
            cellsBeforeCursor -= TerminalText.width(of: characters[start])
            start += 1
        }
        var visible = ""
        var used = 0
        for character in characters[start...] {
            let cells = TerminalText.width(of: character)
            if used + cells > room { break }
            visible.append(character)
            used += cells
        }
        return (prompt + TerminalText.sanitized(visible), promptWidth + cellsBeforeCursor)
    }
}
