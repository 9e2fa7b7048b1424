import AuctionCore

/// Declares `--name VALUE` on the property it wraps, which reads the typed value given (else its
/// initial value, or nil): `@Option("pages", range: 1...1_000, valueName: "N", help: "…") var pages = 1`.
/// Two are equal when their values are.
@propertyWrapper
public struct Option<Value: Hashable & Sendable>: Hashable, Sendable, Declaring {
    /// The option declared.
    public let spec: OptionSpec
    /// The value given (or the default, or what it was set to since).
    public var wrappedValue: Value
    /// Whether the option was on the command line (read as `$pages.wasGiven`).
    public let wasGiven: Bool
    /// The declaration itself, for `wasGiven`.
    public var projectedValue: Option<Value> { self }

    private init(_ spec: OptionSpec, absent: Value, read: (OptionValue) -> Value?) {
        self.spec = spec
        let given = Invocation.beingRead?.options[spec.name].flatMap(read)
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
                  absent: wrappedValue) { if case .integer(let value) = $0 { value } else { nil } }
    }
}

extension Option where Value == [ProductID]? {
    /// Declares `--name 1,5,9`, comma-separated product ids.
    public init(list name: String, valueName: String, help: String) {
        self.init(OptionSpec(name, kind: .integerList, valueName: valueName, help: help), absent: nil) {
            if case .integers(let values) = $0 { values.map(ProductID.init(rawValue:)) } else { nil }
        }
    }
}

extension Option where Value == String? {
    /// Declares `--name TEXT`, free non-empty text.
    public init(text name: String, valueName: String, help: String) {
        self.init(OptionSpec(name, kind: .text, valueName: valueName, help: help), absent: nil) {
            if case .text(let value) = $0 { value } else { nil }
        }
    }
}

extension Option where Value == [String] {
    /// Declares `--name TEXT` that may be repeated, each non-empty value kept in order.
    public init(repeated name: String, valueName: String, help: String) {
        self.init(OptionSpec(name, kind: .repeatedText, valueName: valueName, help: help), absent: []) {
            if case .texts(let values) = $0 { values } else { nil }
        }
    }
}
