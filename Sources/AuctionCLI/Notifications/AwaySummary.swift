import AuctionCore

/// The one line that says what happened while the user was away: "While you were away: 2 outbid, 1 won".
public enum AwaySummary {
    /// The kinds in the order the line names them.
    static let order: [NotificationKind] = [.outbid, .endingSoon, .won, .lost, .sold, .unsold, .lotRemoved, .bidRetracted]

    /// The line for `notices`, or nil when there are none.
    public static func line(for notices: [AuctionNotification]) -> String? {
        guard !notices.isEmpty else { return nil }
        let parts = order.compactMap { kind -> String? in
            let count = notices.count { $0.kind == kind }
            return count == 0 ? nil : "\(count) \(label(kind))"
        }
        return "While you were away: " + parts.joined(separator: ", ")
    }

    /// How a kind reads in the line and the table (`ending soon`).
    public static func label(_ kind: NotificationKind) -> String {
        switch kind {
        case .endingSoon: "ending soon"
        case .lotRemoved: "removed"
        case .bidRetracted: "retracted"
        default: kind.rawValue
        }
    }
}
