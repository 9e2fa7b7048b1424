/// Declares one positional argument of a command.
public struct ArgumentSpec: Hashable, Sendable {
    /// What a positional argument must look like.
    public enum Kind: Hashable, Sendable {
        /// A product id: a whole number of at least 1.
        case productID
        /// Any text (a user name, a room).
        case text
        /// A bid's price: `35000` or `35,000` (see `Money(parsing:)`), or `+N`, a raise over the current price.
        case bidPrice
    }

    /// The placeholder name (`id`, `price`).
    public var name: String
    /// The kind of value.
    public var kind: Kind
    /// One line of help.
    public var help: String
    /// Whether the argument may be left out (optional ones come last).
    public var isOptional: Bool
    /// The values it takes when they are a fixed few (`bash`, `zsh`, `fish`), for completions; empty otherwise.
    public var choices: [String]

    /// Declares a positional argument.
    public init(_ name: String, kind: Kind, help: String, isOptional: Bool = false, choices: [String] = []) {
        self.name = name
        self.kind = kind
        self.help = help
        self.isOptional = isOptional
        self.choices = choices
    }
}
