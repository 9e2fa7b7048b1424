import AuctionCore

/// The reason typed after `!` in `watch`'s status line, sent with Enter as `auction report --reason` sends it.
public struct ReportPrompt: Hashable, Sendable {
    /// The most characters a reason takes (the server's limit).
    public static let maximumCharacters = 280
    /// The lot reported.
    public let productID: ProductID
    /// The reason typed so far (never a control character).
    public private(set) var text = ""

    /// An empty prompt for a lot.
    public init(productID: ProductID) { self.productID = productID }

    /// Applies a key: printable characters are typed, Backspace erases one, Ctrl-U all; false when the key is not for the prompt.
    public mutating func type(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            guard TerminalText.sanitized(String(character)) == String(character), text.count < Self.maximumCharacters else { return true }
            text.append(character)
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case .clearLine:
            text = ""
        default:
            return false
        }
        return true
    }

    /// `report 5, why: counterfeit▏ · Enter send · Esc cancel`.
    public var line: String { "report \(productID), why: \(text)▏ · Enter send · Esc cancel" }
}
