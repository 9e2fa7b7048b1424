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

    /// The global options and the built-in `-h, --help` and `--version`, as help, completions and the man page list them.
    var allGlobalOptions: [OptionSpec] { globalOptions + [HelpText.helpOption, HelpText.versionOption] }

    /// The command with this name, if any.
    public func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }
}
