import AuctionCore

/// Declares a positional `<name>` on the property it wraps, which reads the value given; an optional
/// property declares an optional argument: `@Argument("id", help: "the product's id") var productID: ProductID`.
@propertyWrapper
public struct Argument<Value: Sendable>: Sendable, Declaring {
    /// The argument declared.
    public let spec: ArgumentSpec
    /// The value given (or what it was set to since).
    public var wrappedValue: Value

    init(_ spec: ArgumentSpec, absent: Value, read: (ArgumentValue) -> Value?) {
        self.spec = spec
        wrappedValue = Invocation.beingRead?.arguments[spec.name].flatMap(read) ?? absent
    }
}

extension Argument where Value == ProductID {
    /// Declares `<name>`, a product id.
    public init(_ name: String, help: String) {
        self.init(ArgumentSpec(name, kind: .productID, help: help), absent: ProductID(0)) {
            if case .productID(let id) = $0 { id } else { nil }
        }
    }
}

extension Argument where Value == ProductID? {
    /// Declares `[<name>]`, an optional product id.
    public init(_ name: String, help: String) {
        self.init(ArgumentSpec(name, kind: .productID, help: help, isOptional: true), absent: nil) {
            if case .productID(let id) = $0 { id } else { nil }
        }
    }
}

extension Argument where Value == BidOffer? {
    /// Declares `[<name>]`, a bid's price: absolute (`35,000`) or a raise (`+1000`).
    public init(bidPrice name: String, help: String) {
        self.init(ArgumentSpec(name, kind: .bidPrice, help: help, isOptional: true), absent: nil) {
            switch $0 {
            case .price(let money): .price(money)
            case .raise(let money): .raise(money)
            default: nil
            }
        }
    }
}

extension Argument where Value == String {
    /// Declares `<name>`, any text; `choices` lists its values when they are a fixed few.
    public init(text name: String, help: String, choices: [String] = []) {
        self.init(ArgumentSpec(name, kind: .text, help: help, choices: choices), absent: "") {
            if case .text(let text) = $0 { text } else { nil }
        }
    }
}
