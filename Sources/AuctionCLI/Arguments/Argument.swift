import AuctionCore

/// Declares a positional `<name>` on the property it wraps, which reads the value given; an optional
/// property declares an optional argument: `@Argument("id", help: "the product's id") var productID: ProductID`.
@propertyWrapper
public struct Argument<Value: Sendable>: Sendable {
    /// The argument declared.
    public let spec: ArgumentSpec
    /// The value given (or what it was set to since).
    public var wrappedValue: Value

    init(_ spec: ArgumentSpec, absent: Value) {
        self.spec = spec
        wrappedValue = Declarations.declare(spec).flatMap { $0 as? Value } ?? absent
    }
}

extension Argument where Value == ProductID {
    /// Declares `<name>`, a product id.
    public init(_ name: String, help: String) { self.init(ArgumentSpec(name, kind: .productID, help: help), absent: ProductID(0)) }
}

extension Argument where Value == ProductID? {
    /// Declares `[<name>]`, an optional product id.
    public init(_ name: String, help: String) { self.init(ArgumentSpec(name, kind: .productID, help: help, isOptional: true), absent: nil) }
}

extension Argument where Value == BidOffer? {
    /// Declares `[<name>]`, a bid's price: absolute (`35,000`) or a raise (`+1000`).
    public init(bidPrice name: String, help: String) { self.init(ArgumentSpec(name, kind: .bidPrice, help: help, isOptional: true), absent: nil) }
}

extension Argument where Value == String {
    /// Declares `<name>`, any text; `choices` lists its values when they are a fixed few.
    public init(text name: String, help: String, choices: [String] = []) {
        self.init(ArgumentSpec(name, kind: .text, help: help, choices: choices), absent: "")
    }
}
