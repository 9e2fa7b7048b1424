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

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { options[name] == .flag }

    /// The value of the integer option `--name`, if given.
    public func integer(_ name: String) -> Int? {
        if case .integer(let value) = options[name] { return value }
        return nil
    }

    /// The value of the list option `--name`, if given.
    public func integers(_ name: String) -> [Int]? {
        if case .integers(let values) = options[name] { return values }
        return nil
    }

    /// The value of the text option `--name`, if given.
    public func text(_ name: String) -> String? {
        if case .text(let value) = options[name] { return value }
        return nil
    }

    /// The product id argument with this name, if the command has one.
    public func productID(_ name: String) -> ProductID? {
        if case .productID(let id) = arguments[name] { return id }
        return nil
    }

    /// The price argument with this name, if the command has one.
    public func price(_ name: String) -> Money? {
        if case .price(let money) = arguments[name] { return money }
        return nil
    }

    /// The raise (`+N`) argument with this name, if it was given as one.
    public func raise(_ name: String) -> Money? {
        if case .raise(let money) = arguments[name] { return money }
        return nil
    }

    /// The text argument with this name, if the command has one.
    public func argument(_ name: String) -> String? {
        if case .text(let text) = arguments[name] { return text }
        return nil
    }
}
