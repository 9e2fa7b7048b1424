import AuctionCore

/// The filter typed after `/` in `watch`'s status line: search text, applied on the server with Enter.
public struct FilterPrompt: Hashable, Sendable {
    /// The text typed so far (never a control character: escapes typed or pasted are dropped).
    public private(set) var text: String

    /// A prompt holding `text` (the active search, so Enter without typing keeps it).
    public init(text: String = "") {
        self.text = String(TerminalText.sanitized(text).unicodeScalars.filter { $0 != "\u{FFFD}" }.prefix(CatalogueQuery.maximumSearchCharacters))
    }

    /// Applies a key: printable characters are typed, Backspace erases one, Ctrl-U all; false when the key is not for the prompt.
    public mutating func type(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            guard TerminalText.sanitized(String(character)) == String(character),
                  text.count < CatalogueQuery.maximumSearchCharacters else { return true }
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

    /// `filter: lamp▏ · Enter apply · Esc cancel · empty clears`.
    public var line: String { "filter: \(text)▏ · Enter apply · Esc cancel · empty clears" }
}
