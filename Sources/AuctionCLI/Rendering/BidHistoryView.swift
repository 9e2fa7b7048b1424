import AuctionCore

/// The bid history section of `auction show`: one line a bid, newest first — time, the bidder's
/// shortened name (`anonymous` without one), the price, `auto` for a proxy's automatic bid, `retracted` for a
/// bid a moderator retracted (in words, and struck through on a colour terminal), and the bid's `#id`.
public enum BidHistoryView {
    /// The most bids listed on the screen; `--json` has them all.
    public static let shownCount = 10

    /// The section's lines (none for an empty history): a header, the bids, and how many more there are.
    public static func render(_ bids: [BidHistoryEntry], width: Int, clock: TimeOfDay, productID: ProductID, color: Bool = false) -> [String] {
        guard !bids.isEmpty else { return [] }
        let shown = bids.prefix(shownCount)
        let names = shown.map { TerminalText.sanitized($0.bidder ?? "anonymous") + ($0.isViewers ? " (you)" : "") }
        let nameWidth = min(16, names.map { TerminalText.width($0) }.max() ?? 0)
        let prices = shown.map(\.price.description)
        let priceWidth = prices.map { TerminalText.width($0) }.max() ?? 0
        var lines = ["", "Bids (newest first)"]
        for (index, bid) in shown.enumerated() {
            let price = String(repeating: " ", count: priceWidth - TerminalText.width(prices[index])) + prices[index]
            let note = bid.isRetracted ? "  retracted" : bid.isRepricing ? "  repriced by moderation" : bid.isAutomatic ? "  auto" : ""
            let line = "  " + clock.dateTime(bid.time, seconds: true) + "  " + TerminalText.fit(names[index], toWidth: nameWidth)
                + "  " + price + note + (bid.id.map { "  #\($0)" } ?? "")
            let fitted = TerminalText.truncate(line, toWidth: width)
            lines.append(color && bid.isRetracted ? ANSI.strikethrough + fitted + ANSI.reset : fitted)
        }
        if bids.count > shown.count {
            lines.append(TerminalText.truncate("  … \(bids.count - shown.count) more (`auction show \(productID) --json` lists them)", toWidth: width))
        }
        return lines
    }
}
