/// The watch screen's columns: the selection margin, the product table's columns and the time left.
struct WatchColumns: Hashable, Sendable {
    /// The id, name, price, change, bids and start columns (and the time left's width).
    var table: ProductColumns

    /// Width of the time-left column; 0 when no product has an end time or it does not fit.
    var timeLeft: Int { table.left }

    /// The 1-based terminal column where the price cell starts.
    var priceColumn: Int { WatchRenderer.margin + table.priceColumn }

    /// The 1-based terminal column where the time-left cell starts.
    var timeLeftColumn: Int { WatchRenderer.margin + table.totalWidth + ProductColumns.gap + 1 }

    /// The header row, `LEFT` last when shown.
    var header: String {
        String(repeating: " ", count: WatchRenderer.margin) + table.header
            + (timeLeft > 0 ? String(repeating: " ", count: ProductColumns.gap) + TerminalText.fit("LEFT", toWidth: timeLeft, alignment: .right) : "")
    }
}
