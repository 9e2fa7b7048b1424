import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction mod reports` and `auction mod log` as tables: every cell from the server cleaned of terminal
/// controls, the reason last and cut to `reasonWidth` cells.
public enum ModerationTables {
    /// The widest reason shown in a table (the JSON has it whole).
    public static let reasonWidth = 60

    /// Reports: id, lot, its name, reporter, when (in `clock`'s zone), reason, and with `resolved` what was done and by whom.
    public static func reports(_ reports: [ModerationReport], resolved: Bool, clock: TimeOfDay = .utc) -> [String] {
        let header = ["ID", "LOT", "NAME", "REPORTER", "WHEN", "REASON"] + (resolved ? ["RESOLVED"] : [])
        let rows = reports.map { report in
            ["\(report.id)", "\(report.productID)", clean(report.productName, width: 30), clean(report.reporter, width: 24),
             clock.dateTime(report.createdAt), clean(report.reason, width: reasonWidth)]
                + (resolved ? [resolution(report)] : [])
        }
        return lay(header, rows, rightAligned: [0, 1])
    }

    /// Log entries: when (in `clock`'s zone), moderator, action, target, price before → after when recorded, reason.
    public static func log(_ entries: [ModerationLogEntry], clock: TimeOfDay = .utc) -> [String] {
        let header = ["ID", "WHEN", "MODERATOR", "ACTION", "TARGET", "PRICE", "REASON"]
        let rows = entries.map { entry in
            ["\(entry.id)", clock.dateTime(entry.createdAt), clean(entry.moderator, width: 24), clean(entry.action, width: 16),
             target(entry), price(entry.details), clean(entry.reason, width: reasonWidth)]
        }
        return lay(header, rows, rightAligned: [0])
    }

    /// What an entry acted on: `lot 5, user bob, bid 12, report 3` (those present).
    static func target(_ entry: ModerationLogEntry) -> String {
        var parts: [String] = []
        if let lot = entry.productID { parts.append("lot \(lot)") }
        if let user = entry.user { parts.append("user " + clean(user, width: 24)) }
        if let bid = entry.bidID { parts.append("bid \(bid)") }
        if let report = entry.reportID { parts.append("report \(report)") }
        return parts.joined(separator: ", ")
    }

    /// `9,000 → 8,500` from `price_before` and `price_after` (money in minor units), or "" without them.
    static func price(_ details: JSONObject) -> String {
        guard let before = details["price_before"]?.intValue, let after = details["price_after"]?.intValue else { return "" }
        return "\(Money(before)) → \(Money(after))"
    }

    private static func resolution(_ report: ModerationReport) -> String {
        guard report.resolvedAt != nil else { return "open" }
        return "by " + clean(report.resolvedBy ?? "?", width: 24) + ": " + clean(report.resolution ?? "", width: reasonWidth)
    }

    private static func clean(_ text: String, width: Int) -> String {
        TerminalText.truncate(TerminalText.sanitized(text), toWidth: width)
    }

    /// The header and rows padded to their columns' widths, the last column unpadded.
    private static func lay(_ header: [String], _ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let widths = header.indices.map { column in ([header] + rows).map { TerminalText.width($0[column]) }.max() ?? 0 }
        return ([header] + rows).map { cells in
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell
                    : TerminalText.fit(cell, toWidth: widths[column], alignment: rightAligned.contains(column) ? .right : .left)
            }.joined(separator: "  ")
        }
    }
}
