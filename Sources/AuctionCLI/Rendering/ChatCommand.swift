/// What a submitted chat input line means: a message, or one of the slash commands (as in irssi).
public enum ChatCommand: Hashable, Sendable {
    /// Send this text to the room.
    case send(String)
    /// `/me waves`: an action, shown to everyone as `* you waves`.
    case action(String)
    /// `/join ROOM`: leave this room for that one.
    case join(String)
    /// `/part`: leave the room and quit.
    case part
    /// `/who`: list the room's members.
    case who
    /// `/help`: show the commands.
    case help
    /// `/quit` (or `/exit`): leave the room and restore the terminal.
    case quit
    /// A known command used wrongly (`/join` without a room): the one-line usage to show; nothing is sent.
    case usage(String)
    /// A slash command this client does not know (its name, without the slash); nothing is sent.
    case unknown(String)
    /// A blank or whitespace-only line: nothing is sent.
    case nothing

    /// The commands, for `/help`.
    public static let helpText = "/me ACTION · /join ROOM · /part leaves the room · /who lists members · /help · "
        + "/quit · start with // to send a line beginning with /"
    /// The keys, for `?` on an empty input line.
    public static let keysText = "keys: Enter sends · Up/Down history · PgUp/PgDn scroll, End back to live · ←/→ Alt-B/F "
        + "Ctrl-A/E move · Ctrl-W word, Ctrl-U to start, Backspace/Delete · Ctrl-C or Ctrl-D (empty line) leaves · ? this help"

    /// The one line for an unknown command.
    public static func unknownText(_ name: String) -> String {
        "unknown command /\(TerminalText.truncate(name, toWidth: 20)); nothing sent (/help lists the commands, // sends a line starting with /)"
    }

    /// Interprets a submitted line; `//text` sends `/text`.
    public init(line: String) {
        guard line.contains(where: { !$0.isWhitespace }) else {
            self = .nothing
            return
        }
        guard line.hasPrefix("/") else {
            self = .send(line)
            return
        }
        if line.hasPrefix("//") {
            self = .send(String(line.dropFirst()))
            return
        }
        let word = line.dropFirst().prefix { $0 != " " }
        let name = word.lowercased()
        let argument = line.dropFirst(1 + word.count).drop { $0 == " " }
        let trimmed = String(argument.reversed().drop { $0 == " " }.reversed())
        switch name {
        case "me": self = trimmed.isEmpty ? .usage("usage: /me ACTION, e.g. /me waves") : .action(String(argument))
        case "join", "j":
            let room = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            self = room.count == 1 ? .join(String(room[0])) : .usage("usage: /join ROOM, e.g. /join product-5")
        case "part", "leave": self = .part
        case "who", "names": self = .who
        case "help", "?": self = .help
        case "quit", "exit", "q": self = .quit
        default: self = .unknown(name)
        }
    }
}
