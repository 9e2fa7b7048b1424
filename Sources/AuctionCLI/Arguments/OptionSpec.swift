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
        /// Free text that may be given more than once, each kept in order (`--image a.png --image b.jpg`).
        case repeatedText
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

    /// Whether the value names a file (its placeholder is `FILE`), so shells complete paths.
    public var takesFile: Bool { takesValue && valueName == "FILE" }

    /// How the option appears in usage text, e.g. `--page N` or `-h, --help`.
    public var synopsis: String {
        let long = "--" + name + (takesValue ? " " + valueName : "")
        if let shortName { return "-\(shortName), \(long)" }
        return long
    }
}
