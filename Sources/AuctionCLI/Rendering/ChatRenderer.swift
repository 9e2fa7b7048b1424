import AuctionCore

/// Renders the chat screen: scrollback lines printed above an input line at the bottom, without ever
/// garbling what is being typed (clear the input line, print the entry, redraw the input line).
public enum ChatRenderer {
    /// The text of an entry: `[HH:MM:SS] alice: hi`, `[HH:MM:SS] * bob joined`, `-- notice`.
    public static func format(_ entry: ChatEntry, clock: TimeOfDay = .utc) -> String {
        switch entry {
        case .message(let sender, let text, let time):
            "[\(clock.format(time))] \(TerminalText.sanitized(sender)): \(TerminalText.sanitized(text))"
        case .presence(let user, let joined, let time):
            "[\(clock.format(time))] * \(TerminalText.sanitized(user)) \(joined ? "joined" : "left")"
        case .notice(let text):
            "-- " + TerminalText.sanitized(text)
        }
    }

    /// The bytes that print an entry above the input line and redraw the input line after it.
    public static func print(_ entry: ChatEntry, editor: LineEditor, prompt: String, width: Int, clock: TimeOfDay = .utc) -> String {
        "\r" + ANSI.clearLine + format(entry, clock: clock) + "\r\n" + inputLine(editor, prompt: prompt, width: width)
    }

    /// The bytes that redraw the input line in place: prompt, the visible part of the text, cursor placed.
    ///
    /// Text wider than the line scrolls horizontally so the cursor stays visible.
    public static func inputLine(_ editor: LineEditor, prompt: String, width: Int) -> String {
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
        return "\r" + ANSI.clearLine + prompt + TerminalText.sanitized(visible)
            + ANSI.column(promptWidth + cellsBeforeCursor + 1)
    }
}
