/// Declares a whole program: name, global options and commands.
public struct ProgramSpec: Hashable, Sendable {
    /// The executable's name (`auction`).
    public var name: String
    /// One line saying what the program is.
    public var summary: String
    /// The version `--version` prints.
    public var version: String
    /// Options accepted before or after the command.
    public var globalOptions: [OptionSpec]
    /// The commands.
    public var commands: [CommandSpec]
    /// Text appended to the top-level help (environment, exit statuses).
    public var epilogue: String
    /// The headings `--help` lists the commands under (none: one plain list).
    public var groups: [CommandGroup] = []

    /// Declares a program.
    public init(name: String, summary: String, version: String, globalOptions: [OptionSpec], commands: [CommandSpec], epilogue: String) {
        self.name = name
        self.summary = summary
        self.version = version
        self.globalOptions = globalOptions
        self.commands = commands
        self.epilogue = epilogue
    }

    /// The command with this name, if any.
    public func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }
}
