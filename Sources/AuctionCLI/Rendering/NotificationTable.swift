import AuctionCore

/// `auction notifications`' table: when (local date, time and zone), kind, product, price; one row per notification.
public enum NotificationTable {
    /// The header and one row per notification, columns as wide as their widest cell.
    public static func lines(_ notices: [AuctionNotification], clock: TimeOfDay = .utc) -> [String] {
        let rows = notices.map { notice in [
            clock.dateTime(notice.createdAt),
            AwaySummary.label(notice.kind),
            TerminalText.truncate("\(notice.productID.rawValue) " + TerminalText.sanitized(notice.productName ?? ""), toWidth: 40),
            notice.price?.description ?? "",
        ] }
        let header = ["WHEN", "KIND", "PRODUCT", "PRICE"]
        let widths = (0..<header.count).map { column in
            ([header] + rows).map { TerminalText.width($0[column]) }.max() ?? 0
        }
        return ([header] + rows).map { cells in
            cells.enumerated().map { column, cell in
                TerminalText.fit(cell, toWidth: widths[column], alignment: column == 3 ? .right : .left)
            }.joined(separator: "  ")
        }
    }
}
