/// Declares one `--option` a command (or the program) accepts.
public struct OptionSpec: Hashable, Sendable {
    /// What kind of value an option takes.
    public enum Kind: Hashable, Sendable {
        /// No value: present or absent (`--json`).
        case flag
        /// A whole number within a range (`--page 2`).
        case integer(minimum: Int, maximum: Int)
        /// Comma-separated whole numbers, each at least 1 (`--ids 1,5,9`).
        case integerList
        /// Free text (`--http URL`).
        case text
    }

    /// The long name without dashes (`page` for `--page`).
    public var name: String
    /// The one-letter form without the dash, if any (`h` for `-h`).
    public var shortName: Character?
    /// The kind of value.
    public var kind: Kind
    /// The placeholder shown in usage text (`N`, `URL`).
    public var valueName: String
    /// One line of help.
    public var help: String

    /// Declares an option.
    public init(_ name: String, short: Character? = nil, kind: Kind, valueName: String = "", help: String) {
        self.name = name
        self.shortName = short
        self.kind = kind
        self.valueName = valueName
        self.help = help
    }

    /// Whether the option consumes a value.
    public var takesValue: Bool { kind != .flag }

    /// How the option appears in usage text, e.g. `--page N` or `-h, --help`.
    public var synopsis: String {
        let long = "--" + name + (takesValue ? " " + valueName : "")
        if let shortName { return "-\(shortName), \(long)" }
        return long
    }
}

/// Declares one positional argument of a command.
public struct ArgumentSpec: Hashable, Sendable {
    /// What a positional argument must look like.
    public enum Kind: Hashable, Sendable {
        /// A product id: a whole number of at least 1.
        case productID
        /// A price: `35000` or `35,000` (see `Money(parsing:)`).
        case price
        /// Any text (a user name, a room).
        case text
    }

    /// The placeholder name (`id`, `price`).
    public var name: String
    /// The kind of value.
    public var kind: Kind
    /// One line of help.
    public var help: String

    /// Declares a positional argument.
    public init(_ name: String, kind: Kind, help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }
}

/// Declares one command: its name, summary, options and positional arguments.
public struct CommandSpec: Hashable, Sendable {
    /// The command's name (`watch`).
    public var name: String
    /// One line saying what it does.
    public var summary: String
    /// Its options (besides `--help` and the global options, which every command accepts).
    public var options: [OptionSpec]
    /// Its positional arguments, all required, in order.
    public var arguments: [ArgumentSpec]
    /// Extra paragraphs for its help page.
    public var discussion: String

    /// Declares a command.
    public init(_ name: String, summary: String, options: [OptionSpec] = [], arguments: [ArgumentSpec] = [], discussion: String = "") {
        self.name = name
        self.summary = summary
        self.options = options
        self.arguments = arguments
        self.discussion = discussion
    }
}

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
    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}
