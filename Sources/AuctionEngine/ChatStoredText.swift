import AuctionCore

/// How a chat line's kind is kept in the store's `text` column, which has no column for it: an action
/// is stored as IRC's CTCP ACTION (`\u{1}ACTION waves\u{1}`). No accepted message can look like that,
/// as messages never hold control characters, so old rows and ordinary messages read back unchanged.
public enum ChatStoredText {
    private static let actionPrefix = "\u{1}ACTION "
    private static let actionSuffix = "\u{1}"

    /// The column's text for a line of `kind`.
    public static func encode(_ text: String, kind: ChatMessage.Kind) -> String {
        switch kind {
        case .message: text
        case .action: actionPrefix + text + actionSuffix
        }
    }

    /// The line's kind and text from the column.
    public static func decode(_ stored: String) -> (kind: ChatMessage.Kind, text: String) {
        guard stored.hasPrefix(actionPrefix), stored.hasSuffix(actionSuffix),
              stored.utf8.count >= actionPrefix.utf8.count + actionSuffix.utf8.count else { return (.message, stored) }
        return (.action, String(stored.dropFirst(actionPrefix.count).dropLast(actionSuffix.count)))
    }
}
