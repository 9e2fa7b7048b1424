import AuctionCore

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

    /// The typed value of `raw` (`true` for a flag, an `Int`, `[ProductID]` or `String`), or why it is wrong
    /// (the parser adds the usage).
    func read(_ raw: String) throws(UsageError) -> any Sendable {
        func refuse(_ reason: String) -> UsageError { UsageError(reason: "`--\(name)` " + reason, usage: "") }
        switch kind {
        case .flag:
            return true
        case .text, .repeatedText:
            guard !raw.isEmpty else { throw refuse("needs a non-empty \(valueName)") }
            return raw
        case .integer(let minimum, let maximum):
            guard let number = Int(raw) else { throw refuse("needs a whole number, not `\(raw)`") }
            guard number >= minimum, number <= maximum else { throw refuse("must be between \(minimum) and \(maximum), not \(number)") }
            return number
        case .integerList:
            var ids: [ProductID] = []
            for part in raw.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingBlanks() }) {
                guard let number = Int(part), number >= 1 else { throw refuse("needs ids like 1,5,9; `\(part)` is not one") }
                if !ids.contains(ProductID(number)) { ids.append(ProductID(number)) }
            }
            return ids
        }
    }

    /// How the option appears in usage text, e.g. `--page N` or `-h, --help`.
    public var synopsis: String {
        let long = "--" + name + (takesValue ? " " + valueName : "")
        if let shortName { return "-\(shortName), \(long)" }
        return long
    }
}
