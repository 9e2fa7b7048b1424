import AuctionCore

/// A typed key for a command's positional argument: declares its `ArgumentSpec`, and `Value` says
/// what reading it through `Invocation` gives (`ProductID`, `Money`, `BidOffer`, `String`).
public struct Argument<Value>: Hashable, Sendable {
    /// The argument this key declares.
    public let spec: ArgumentSpec
}

extension Argument where Value == ProductID {
    /// Declares `<name>`, a product id (optional when `isOptional`).
    public init(_ name: String, help: String, isOptional: Bool = false) {
        spec = ArgumentSpec(name, kind: .productID, help: help, isOptional: isOptional)
    }
}

extension Argument where Value == Money {
    /// Declares `<name>`, a price.
    public init(price name: String, help: String, isOptional: Bool = false) {
        spec = ArgumentSpec(name, kind: .price, help: help, isOptional: isOptional)
    }
}

extension Argument where Value == BidOffer {
    /// Declares `<name>`, a bid's price: absolute (`35,000`) or a raise (`+1000`).
    public init(bidPrice name: String, help: String, isOptional: Bool = false) {
        spec = ArgumentSpec(name, kind: .bidPrice, help: help, isOptional: isOptional)
    }
}

extension Argument where Value == String {
    /// Declares `<name>`, any text; `choices` lists its values when they are a fixed few.
    public init(text name: String, help: String, isOptional: Bool = false, choices: [String] = []) {
        spec = ArgumentSpec(name, kind: .text, help: help, isOptional: isOptional, choices: choices)
    }
}
