import AuctionCore

/// A notification in words for the watch's status line and standard error; server text (the
/// product's name) is neutralised as everywhere on screen.
public enum NotificationText {
    /// `outbid on Nike Shoes — now 36,000 (your max 34,000)`, `won Nike Shoes at 36,000`, ….
    public static func line(_ notice: AuctionNotification) -> String {
        let name = notice.productName.map { TerminalText.sanitized($0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "#\(notice.productID)"
        let price = notice.price.map(\.description)
        switch notice.kind {
        case .outbid:
            return "outbid on \(name)" + (price.map { " — now \($0)" } ?? "") + (notice.maximum.map { " (your max \($0))" } ?? "")
        case .endingSoon:
            return "ending soon: \(name)" + (price.map { " at \($0)" } ?? "") + " — you are not leading"
        case .won:
            return "won \(name)" + (price.map { " at \($0)" } ?? "")
        case .lost:
            return "lost \(name)" + (price.map { " — sold at \($0)" } ?? "")
        case .sold:
            return "sold \(name)" + (price.map { " at \($0)" } ?? "")
        case .unsold:
            return "\(name) ended unsold" + (price.map { " at \($0)" } ?? "")
        case .bid:
            return "new bid on your \(name)" + (price.map { " — now \($0)" } ?? "")
        case .lotRemoved:
            return "\(name) was removed by moderation" + note(notice)
        case .bidRetracted:
            return "a bid on \(name) was retracted" + (price.map { " — now \($0)" } ?? "") + note(notice)
        }
    }

    private static func note(_ notice: AuctionNotification) -> String {
        notice.note.map { TerminalText.sanitized($0) }.flatMap { $0.isEmpty ? nil : ": " + $0 } ?? ""
    }
}
