import AuctionCore

extension Invocation {
    /// Whether `flag` was given.
    public subscript(flag: FlagKey) -> Bool { options[flag.spec.name] == .flag }

    /// The value of a whole-number option, if given.
    public subscript(option: OptionKey<Int>) -> Int? {
        if case .integer(let value) = options[option.spec.name] { return value }
        return nil
    }

    /// The values of a list option, if given.
    public subscript(option: OptionKey<[Int]>) -> [Int]? {
        if case .integers(let values) = options[option.spec.name] { return values }
        return nil
    }

    /// The value of a text option, if given.
    public subscript(option: OptionKey<String>) -> String? {
        if case .text(let value) = options[option.spec.name] { return value }
        return nil
    }

    /// The values of a repeatable text option, in order; empty when not given.
    public subscript(option: OptionKey<[String]>) -> [String] {
        if case .texts(let values) = options[option.spec.name] { return values }
        return []
    }

    /// The product id argument, if given.
    public subscript(argument: ArgumentKey<ProductID>) -> ProductID? {
        if case .productID(let id) = arguments[argument.spec.name] { return id }
        return nil
    }

    /// The price argument, if given.
    public subscript(argument: ArgumentKey<Money>) -> Money? {
        if case .price(let money) = arguments[argument.spec.name] { return money }
        return nil
    }

    /// The bid price argument, if given: `.price` as is, `.raise` for `+N`.
    public subscript(argument: ArgumentKey<BidOffer>) -> BidOffer? {
        switch arguments[argument.spec.name] {
        case .price(let money): .price(money)
        case .raise(let money): .raise(money)
        default: nil
        }
    }

    /// The text argument, if given.
    public subscript(argument: ArgumentKey<String>) -> String? {
        if case .text(let text) = arguments[argument.spec.name] { return text }
        return nil
    }
}
