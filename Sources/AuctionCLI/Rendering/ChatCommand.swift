/// What a submitted chat input line means: a message, or one of the slash commands.
public enum ChatCommand: Hashable, Sendable {
    /// Send this text to the room.
    case send(String)
    /// `/who`: list the room's members.
    case who
    /// `/help`: show the commands.
    case help
    /// `/quit` (or `/exit`): leave the room and restore the terminal.
    case quit
    /// A slash command this client does not know (its name, without the slash).
    case unknown(String)
    /// A blank or whitespace-only line: nothing is sent.
    case nothing

    /// The commands, for `/help` and errors.
    public static let helpText = "/who lists members · /help shows this · /quit leaves · start with // to send a line beginning with /"
    /// The keys, for `?` on an empty input line.
    public static let keysText = "keys: Enter sends · ←/→ Home/End move · Backspace/Delete · Ctrl-U clears · Ctrl-C or Ctrl-D (empty line) leaves · ? this help"

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
        let name = line.dropFirst().prefix { $0 != " " }.lowercased()
        switch name {
        case "who": self = .who
        case "help", "?": self = .help
        case "quit", "exit", "q": self = .quit
        default: self = .unknown(name)
        }
    }
}
