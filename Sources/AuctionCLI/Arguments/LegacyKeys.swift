import AuctionCore

// The typed keys commands used before they declared options as properties; removed once every command is converted.


/// A typed key for a command's positional argument: declares its `ArgumentSpec`, and `Value` says
/// what reading it through `Invocation` gives (`ProductID`, `Money`, `BidOffer`, `String`).
public struct ArgumentKey<Value>: Hashable, Sendable {
    /// The argument this key declares.
    public let spec: ArgumentSpec
}

extension ArgumentKey where Value == ProductID {
    /// Declares `<name>`, a product id (optional when `isOptional`).
    public init(_ name: String, help: String, isOptional: Bool = false) {
        spec = ArgumentSpec(name, kind: .productID, help: help, isOptional: isOptional)
    }
}

extension ArgumentKey where Value == Money {
    /// Declares `<name>`, a price.
    public init(price name: String, help: String, isOptional: Bool = false) {
        spec = ArgumentSpec(name, kind: .price, help: help, isOptional: isOptional)
    }
}

extension ArgumentKey where Value == BidOffer {
    /// Declares `<name>`, a bid's price: absolute (`35,000`) or a raise (`+1000`).
    public init(bidPrice name: String, help: String, isOptional: Bool = false) {
        spec = ArgumentSpec(name, kind: .bidPrice, help: help, isOptional: isOptional)
    }
}

extension ArgumentKey where Value == String {
    /// Declares `<name>`, any text; `choices` lists its values when they are a fixed few.
    public init(text name: String, help: String, isOptional: Bool = false, choices: [String] = []) {
        spec = ArgumentSpec(name, kind: .text, help: help, isOptional: isOptional, choices: choices)
    }
}

/// A typed key for a command's `--option VALUE`: declares its `OptionSpec`, and `Value` says what
/// reading it through `Invocation` gives (`Int`, `[Int]`, `String`).
public struct OptionKey<Value>: Hashable, Sendable {
    /// The option this key declares.
    public let spec: OptionSpec
}

extension OptionKey where Value == Int {
    /// Declares `--name N`, a whole number within `range`.
    public init(_ name: String, range: ClosedRange<Int>, valueName: String, help: String) {
        spec = OptionSpec(name, kind: .integer(minimum: range.lowerBound, maximum: range.upperBound), valueName: valueName, help: help)
    }
}

extension OptionKey where Value == [Int] {
    /// Declares `--name 1,5,9`, comma-separated whole numbers of at least 1.
    public init(list name: String, valueName: String, help: String) {
        spec = OptionSpec(name, kind: .integerList, valueName: valueName, help: help)
    }
}

extension OptionKey where Value == String {
    /// Declares `--name TEXT`, free non-empty text.
    public init(text name: String, valueName: String, help: String) {
        spec = OptionSpec(name, kind: .text, valueName: valueName, help: help)
    }
}

extension OptionKey where Value == [String] {
    /// Declares `--name TEXT` that may be repeated, each non-empty value kept in order.
    public init(repeated name: String, valueName: String, help: String) {
        spec = OptionSpec(name, kind: .repeatedText, valueName: valueName, help: help)
    }
}

/// A typed key for a command's `--flag`: declares its `OptionSpec` and reads whether it was given.
public struct FlagKey: Hashable, Sendable {
    /// The option this flag declares.
    public let spec: OptionSpec

    /// Declares the flag `--name`.
    public init(_ name: String, help: String) {
        spec = OptionSpec(name, kind: .flag, help: help)
    }
}
