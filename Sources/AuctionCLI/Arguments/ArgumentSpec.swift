import AuctionCore

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

    /// The typed value of `raw` (a `ProductID`, `BidOffer` or `String`), or why it is wrong (the parser adds the usage).
    func read(_ raw: String) throws(UsageError) -> any Sendable {
        func refuse(_ reason: String) -> UsageError { UsageError(reason: "<\(name)> " + reason, usage: "") }
        switch kind {
        case .productID:
            guard let id = Int(raw), id >= 1, id <= Int(Int32.max) else { throw refuse("must be a product id (a whole number from 1), not `\(raw)`") }
            return ProductID(id)
        case .bidPrice:
            let isRaise = raw.hasPrefix("+"), sign = isRaise ? "+" : ""
            guard let money = Money(parsing: String(raw.dropFirst(sign.count))), money > .zero else {
                throw refuse((isRaise ? "`+N` needs a positive whole raise like +1000" : "must be a positive whole amount like 35000 or 35,000 (or +1000)")
                    + ", not `\(raw)`")
            }
            // The server is the authority (its max_price); no price above 2^53 - 1 is exact on the wire.
            guard money <= Money.largestExact else { throw refuse("must be at most \(sign)\(Money.largestExact), not `\(raw)`") }
            return isRaise ? BidOffer.raise(money) : BidOffer.price(money)
        case .text:
            guard !raw.isEmpty else { throw refuse("must not be empty") }
            return raw
        }
    }
}
