import AuctionCore

/// The bid being typed in `watch`'s status line: the product, its minimum next bid, and the digits so far.
public struct BidPrompt: Hashable, Sendable {
    /// The product bid on.
    public var productID: ProductID
    /// The product's name (for the prompt).
    public var name: String
    /// The least bid the server accepts now, as it stated it (`Product.nextMinimum`); nil when it did not say.
    public var minimum: Money?
    /// The digits typed (commas are shown, not typed).
    public private(set) var digits: String
    /// Whether the text is still the prefilled minimum: the first digit typed replaces it.
    public private(set) var isPrefilled = true
    /// Whether the amount typed is a proxy bid's secret maximum (`B`): the bid itself is then the server's
    /// minimum next bid, and the server bids for the user up to the maximum.
    public private(set) var isMaximum = false
    /// The fat-finger guard's question once Enter was pressed on a price far above the current one
    /// (`y` bids, any other key cancels); nil while typing.
    public var question: String?

    /// A prompt prefilled with the server's minimum next bid (empty when it stated none); for a
    /// maximum (`isMaximum`), empty: the user types it.
    public init(productID: ProductID, name: String, minimum: Money?, isMaximum: Bool = false) {
        self.productID = productID
        self.name = name
        self.minimum = minimum
        self.isMaximum = isMaximum
        self.digits = isMaximum ? "" : minimum.map { String($0.minorUnits) } ?? ""
    }

    /// The price typed, or nil when nothing (or too much) is typed.
    public var price: Money? { Int64(digits).map { Money($0) } }

    /// Applies a key: digits are typed, Backspace and Ctrl-U erase; false when the key is not for the prompt.
    public mutating func type(_ key: Key) -> Bool {
        switch key {
        case .character(let character) where character.isASCII && character.isNumber:
            if isPrefilled { digits = "" }
            if digits.count < 18 && !(digits.isEmpty && character == "0") { digits.append(character) }
        case .character(","):
            break
        case .backspace:
            if !digits.isEmpty { digits.removeLast() }
        case .clearLine:
            digits = ""
        default:
            return false
        }
        isPrefilled = false
        return true
    }

    /// `bid on 5 (min 36,000): 36,000▏ · Enter bid · Esc cancel` (the line above names the product;
    /// `bid on 5: ▏ …` when the server stated no minimum).
    public var line: String {
        if let question { return question }
        let shown = price.map(\.description) ?? ""
        if isMaximum {
            return "maximum for \(productID)" + (minimum.map { " (bids \($0) now, then up to it)" } ?? "")
                + ": \(shown)▏ · Enter bid · Esc cancel"
        }
        return "bid on \(productID)" + (minimum.map { " (min \($0))" } ?? "") + ": \(shown)▏ · Enter bid · Esc cancel"
    }

    /// The prompt after the product's price moved: a new minimum, and the prefilled text follows it.
    public func updating(minimum newMinimum: Money?) -> BidPrompt {
        guard isPrefilled, !isMaximum else {
            var copy = self
            copy.minimum = newMinimum
            return copy
        }
        return BidPrompt(productID: productID, name: name, minimum: newMinimum)
    }
}
