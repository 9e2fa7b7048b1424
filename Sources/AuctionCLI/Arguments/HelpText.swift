/// Generates usage and help text from a `ProgramSpec`.
public enum HelpText {
    /// The built-in `-h, --help` option every level accepts.
    static let helpOption = OptionSpec("help", short: "h", kind: .flag, help: "show this help")
    /// The built-in `--version` option.
    static let versionOption = OptionSpec("version", kind: .flag, help: "print the version")

    /// The top-level help: summary, usage, commands, global options, environment, exit statuses.
    public static func program(_ spec: ProgramSpec) -> String {
        var out = "\(spec.name) \(spec.version): \(spec.summary)\n\n"
        out += "Usage: \(spec.name) [global options] <command> [options] [arguments]\n\n"
        out += "Commands:\n" + commandList(spec)
        out += "\nGlobal options (accepted before or after the command):\n"
        out += table(spec.allGlobalOptions.map { ($0.synopsis, $0.help) })
        out += "\n" + spec.epilogue + "\n"
        out += "\nExit status:\n"
        out += table(ExitCode.allCases.map { (String($0.rawValue), $0.meaning) })
        out += "\nRun `\(spec.name) help <command>` or `\(spec.name) <command> --help` for a command's options.\n"
        return out
    }

    /// The short usage shown after a top-level usage error: the synopsis and the command names.
    public static func programUsage(_ spec: ProgramSpec) -> String {
        "Usage: \(spec.name) [global options] <command> [options] [arguments]\n"
            + "Commands: " + spec.commands.map(\.name).joined(separator: ", ") + "\n"
            + "Run `\(spec.name) --help` for more.\n"
    }

    /// One command's synopsis line, e.g. `Usage: auction bid [options] <id> <price>`.
    public static func synopsis(_ command: CommandSpec, in spec: ProgramSpec) -> String {
        "Usage: \(spec.name) \(command.name) [options]" + argumentsSynopsis(command)
    }

    /// The command's arguments as a synopsis shows them: ` <id> [<price>]` (help's topic is optional).
    static func argumentsSynopsis(_ command: CommandSpec) -> String {
        command.arguments.map { command.name == "help" || $0.isOptional ? " [<\($0.name)>]" : " <\($0.name)>" }.joined()
    }

    /// The short hint after a usage error: the command's synopsis and where its help is.
    public static func usageHint(_ command: CommandSpec, in spec: ProgramSpec) -> String {
        synopsis(command, in: spec) + "\nRun `\(spec.name) \(command.name) --help` for more.\n"
    }

    /// A command's help page: synopsis, summary, arguments, options, discussion.
    public static func command(_ command: CommandSpec, in spec: ProgramSpec) -> String {
        var out = synopsis(command, in: spec) + "\n\n"
        out += sentence(command.summary) + "\n"
        if !command.arguments.isEmpty {
            out += "\nArguments:\n" + table(command.arguments.map { ("<\($0.name)>", $0.help) })
        }
        out += "\nOptions:\n" + table((command.options + [helpOption]).map { ($0.synopsis, $0.help) })
        out += "\nGlobal options: " + spec.globalOptions.map { "--" + $0.name }.joined(separator: ", ")
            + " (see `\(spec.name) --help`).\n"
        if !command.discussion.isEmpty { out += "\n" + command.discussion + "\n" }
        return out
    }

    /// `text` as a sentence: capitalised, with a full stop.
    static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }

    /// Two aligned columns, indented by two spaces.
    static func table(_ rows: [(String, String)], width: Int? = nil) -> String {
        let width = width ?? min(28, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { left, right in "  " + left + String(repeating: " ", count: max(2, width - left.count)) + right + "\n" }.joined()
    }
}
