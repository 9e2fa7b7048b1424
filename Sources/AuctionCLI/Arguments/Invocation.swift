import AuctionCore

/// The value given for one option.
public enum OptionValue: Hashable, Sendable {
    /// A flag that was present.
    case flag
    /// A whole number.
    case integer(Int)
    /// A comma-separated list of whole numbers.
    case integers([Int])
    /// Free text.
    case text(String)
    /// Free text given once or more, in order.
    case texts([String])
}

/// The value given for one positional argument, already checked against its `ArgumentSpec.Kind`.
public enum ArgumentValue: Hashable, Sendable {
    /// A product id.
    case productID(ProductID)
    /// A price.
    case price(Money)
    /// Any text.
    case text(String)
    /// A raise over the current price (`+1000`).
    case raise(Money)
}

/// A command line that parsed: the command to run with its typed options and arguments.
public struct Invocation: Hashable, Sendable {
    /// The command's name (`list`, `watch`, …).
    public var command: String
    /// The global options.
    public var global: GlobalOptions
    /// The command's own options, by long name.
    public var options: [String: OptionValue]
    /// The positional arguments, by their spec name (`id`, `price`).
    public var arguments: [String: ArgumentValue]

    /// Creates an invocation.
    public init(command: String, global: GlobalOptions = GlobalOptions(), options: [String: OptionValue] = [:], arguments: [String: ArgumentValue] = [:]) {
        self.command = command
        self.global = global
        self.options = options
        self.arguments = arguments
    }
}
