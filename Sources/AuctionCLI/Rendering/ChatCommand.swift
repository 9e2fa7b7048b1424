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

    /// The commands, for `/help` and errors.
    public static let helpText = "/who lists members · /help shows this · /quit leaves · start with // to send a line beginning with /"

    /// Interprets a submitted line; `//text` sends `/text`.
    public init(line: String) {
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
