import AuctionCore

/// Renders `auction mine --selling`: a header and one row per lot of the seller, in the server's order.
/// Status reads `open · N bids · reserve met|not met`, `sold to NAME`, `ended unsold`, `withdrawn`; the
/// last column is the time left on an open lot, `ended YYYY-MM-DD HH:MM ZZZ` (in `clock`'s zone) on an ended one.
public enum SellingTable {
    /// The table as lines (no trailing newlines); names are truncated to `width` when given.
    public static func render(_ lots: [SellingLot], width: Int?, color: Bool, now: Timestamp, clock: TimeOfDay = .utc) -> [String] {
        let header = ["ID", "LOT", "STATUS", "PRICE", "LEFT"]
        let cells = lots.map { lot -> [String] in
            [String(lot.productID.rawValue), TerminalText.sanitized(lot.name), statusText(lot),
             (lot.status == .sold ? lot.finalPrice ?? lot.currentPrice : lot.currentPrice).description, left(lot, now: now, clock: clock)]
        }
        let table = TextTable(header: header, cells: cells, leftAligned: [1, 2], tintedColumn: 2)
        return table.render(width: width, color: color) { tint(lots[$0].status) }
    }

    /// The status cell of a lot.
    public static func statusText(_ lot: SellingLot) -> String {
        let reserve = lot.reserveMet.map { $0 ? "reserve met" : "reserve not met" }
        switch lot.status {
        case .open:
            return (["open", lot.bidCount == 1 ? "1 bid" : "\(lot.bidCount) bids"] + (reserve.map { [$0] } ?? [])).joined(separator: " · ")
        case .sold:
            return lot.winner.map { "sold to \(TerminalText.sanitized($0))" } ?? "sold"
        case .unsold:
            return lot.reserveMet == false && lot.bidCount > 0 ? "ended unsold · reserve not met" : "ended unsold"
        case .withdrawn:
            return "withdrawn"
        case .removed:
            return "removed by moderation"
        }
    }

    /// The last cell: time left on an open lot, when it ended otherwise, `-` for a withdrawn one.
    static func left(_ lot: SellingLot, now: Timestamp, clock: TimeOfDay = .utc) -> String {
        guard let end = lot.endTime else { return lot.status == .open ? "" : "-" }
        switch lot.status {
        case .open: return TimeLeft(until: end, now: now).text
        case .withdrawn, .removed: return "-"
        case .sold, .unsold: return "ended " + clock.dateTime(end)
        }
    }

    private static func tint(_ status: SellingLot.Status) -> String? {
        switch status {
        case .open: nil
        case .sold: ANSI.green
        case .unsold, .withdrawn, .removed: ANSI.red
        }
    }
}
