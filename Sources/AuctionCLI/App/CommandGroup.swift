/// A heading of `--help`'s command list and the commands under it, by task.
public struct CommandGroup: Hashable, Sendable {
    /// The heading, e.g. `Sell`.
    public var title: String
    /// The commands' names, in the order listed.
    public var names: [String]

    /// Declares a group.
    public init(_ title: String, _ names: [String]) {
        self.title = title
        self.names = names
    }

    /// `auction`'s commands by task: finding and bidding first, the shell's helpers last.
    public static let auction = [
        CommandGroup("Find and bid", ["list", "show", "watch", "bid", "buy", "mine", "watchlist", "notifications", "demo"]),
        CommandGroup("Check", ["verify", "receipts"]),
        CommandGroup("Sell", ["sell", "edit", "withdraw"]),
        CommandGroup("Account and chat", ["register", "login", "logout", "whoami", "chat"]),
        CommandGroup("Report and moderate", ["report", "mod"]),
        CommandGroup("Help and the shell", ["help", "man", "completions"]),
    ]
}

extension HelpText {
    /// The commands and their summaries, under the program's group headings (any left over last).
    static func commandList(_ spec: ProgramSpec) -> String {
        guard !spec.groups.isEmpty else { return table(spec.commands.map { ($0.name, $0.summary) }) }
        let grouped = spec.groups.map { group in (group.title, group.names.compactMap { spec.command(named: $0) }) }
        let rest = spec.commands.filter { command in !spec.groups.contains { $0.names.contains(command.name) } }
        let width = min(28, (spec.commands.map(\.name.count).max() ?? 0) + 2)
        return (grouped + (rest.isEmpty ? [] : [("Other", rest)])).map { title, commands in
            " \(title):\n" + table(commands.map { ($0.name, $0.summary) }, width: width)
        }.joined()
    }
}
