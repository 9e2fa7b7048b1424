/// A typed key for a command's `--option VALUE`: declares its `OptionSpec`, and `Value` says what
/// reading it through `Invocation` gives (`Int`, `[Int]`, `String`).
public struct Option<Value>: Hashable, Sendable {
    /// The option this key declares.
    public let spec: OptionSpec
}

extension Option where Value == Int {
    /// Declares `--name N`, a whole number within `range`.
    public init(_ name: String, range: ClosedRange<Int>, valueName: String, help: String) {
        spec = OptionSpec(name, kind: .integer(minimum: range.lowerBound, maximum: range.upperBound), valueName: valueName, help: help)
    }
}

extension Option where Value == [Int] {
    /// Declares `--name 1,5,9`, comma-separated whole numbers of at least 1.
    public init(list name: String, valueName: String, help: String) {
        spec = OptionSpec(name, kind: .integerList, valueName: valueName, help: help)
    }
}

extension Option where Value == String {
    /// Declares `--name TEXT`, free non-empty text.
    public init(text name: String, valueName: String, help: String) {
        spec = OptionSpec(name, kind: .text, valueName: valueName, help: help)
    }
}

extension Option where Value == [String] {
    /// Declares `--name TEXT` that may be repeated, each non-empty value kept in order.
    public init(repeated name: String, valueName: String, help: String) {
        spec = OptionSpec(name, kind: .repeatedText, valueName: valueName, help: help)
    }
}
