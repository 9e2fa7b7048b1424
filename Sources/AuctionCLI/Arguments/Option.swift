import AuctionCore

/// Declares `--name VALUE` on the property it wraps, which reads the typed value given (else its
/// initial value, or nil): `@Option("pages", range: 1...1_000, valueName: "N", help: "…") var pages = 1`.
/// Two are equal when their values are.
@propertyWrapper
public struct Option<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The option declared.
    public let spec: OptionSpec
    /// The value given (or the default, or what it was set to since).
    public var wrappedValue: Value
    /// Whether the option was on the command line (read as `$pages.wasGiven`).
    public let wasGiven: Bool
    /// The declaration itself, for `wasGiven`.
    public var projectedValue: Option<Value> { self }

    private init(_ spec: OptionSpec, absent: Value) {
        self.spec = spec
        let given = Declarations.declare(spec).flatMap { $0 as? Value }
        wasGiven = given != nil
        wrappedValue = given ?? absent
    }

    /// Equal values.
    public static func == (lhs: Option, rhs: Option) -> Bool { lhs.wrappedValue == rhs.wrappedValue }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Option where Value == Int {
    /// Declares `--name N`, a whole number within `range`; the property's initial value is the default.
    public init(wrappedValue: Int, _ name: String, range: ClosedRange<Int>, valueName: String, help: String) {
        self.init(OptionSpec(name, kind: .integer(minimum: range.lowerBound, maximum: range.upperBound), valueName: valueName, help: help),
                  absent: wrappedValue)
    }
}

extension Option where Value == [ProductID]? {
    /// Declares `--name 1,5,9`, comma-separated product ids.
    public init(list name: String, valueName: String, help: String) {
        self.init(OptionSpec(name, kind: .integerList, valueName: valueName, help: help), absent: nil)
    }
}

extension Option where Value == String? {
    /// Declares `--name TEXT`, free non-empty text.
    public init(text name: String, valueName: String, help: String) {
        self.init(OptionSpec(name, kind: .text, valueName: valueName, help: help), absent: nil)
    }
}

extension Option where Value == [String] {
    /// Declares `--name TEXT` that may be repeated, each non-empty value kept in order.
    public init(repeated name: String, valueName: String, help: String) {
        self.init(OptionSpec(name, kind: .repeatedText, valueName: valueName, help: help), absent: [])
    }
}
