import AuctionCore

/// Renders `auction mine`: a header and one row per product the user bid on, in the order given.
public enum MineTable {
    /// The table as lines (no trailing newlines).
    /// - Parameters:
    ///   - bids: the rows, in order.
    ///   - width: the terminal's width, to which names are truncated; nil for no limit (piped output).
    ///   - color: whether to bold the header and colour the status (green leading/won, red outbid/lost).
    ///   - now: the time the `LEFT` column counts from.
    public static func render(_ bids: [MyBid], width: Int?, color: Bool, now: Timestamp) -> [String] {
        let header = ["ID", "PRODUCT", "MY HIGHEST", "MY MAX", "PRICE", "STATUS", "LEFT"]
        let cells = bids.map { bid -> [String] in
            [String(bid.productID.rawValue), TerminalText.sanitized(bid.productName), bid.myHighest.description,
             maximumText(bid), bid.currentPrice.description, statusText(bid.status), left(bid, now: now)]
        }
        let table = TextTable(header: header, cells: cells, leftAligned: [1, 5], tintedColumn: 5)
        return table.render(width: width, color: color) { tint(bids[$0].status) }
    }

    /// The `MY MAX` cell: the proxy maximum while it is above your highest bid; `-` without one or once
    /// your own bids went past it (a spent maximum is not shown below the bid that passed it).
    static func maximumText(_ bid: MyBid) -> String {
        guard let maximum = bid.myMaximum, maximum >= bid.myHighest else { return "-" }
        return maximum.description
    }

    /// `leading`, `outbid`, `won`, `lost`, `ended · no winner`.
    public static func statusText(_ status: MyBidStatus) -> String {
        status == .endedNoWinner ? "ended · no winner" : status.rawValue
    }

    /// The `LEFT` cell: the time left on an open auction, `ended` on a closed one, empty when unknown.
    static func left(_ bid: MyBid, now: Timestamp) -> String {
        guard bid.status.isOpen else { return "ended" }
        guard let end = bid.endTime else { return "" }
        return TimeLeft(until: end, now: now).text
    }

    private static func tint(_ status: MyBidStatus) -> String? {
        switch status {
        case .leading, .won: ANSI.green
        case .outbid, .lost: ANSI.red
        case .endedNoWinner: nil
        }
    }
}
