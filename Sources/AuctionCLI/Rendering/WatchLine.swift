import AuctionCore

/// The line `auction watch` prints per price change when stdout is not a terminal.
public enum WatchLine {
    /// `HH:MM:SS<TAB>id<TAB>name<TAB>price<TAB>↑ +500`: tab-separated for `cut` and friends; no colour.
    public static func format(_ product: Product, at time: Timestamp, clock: TimeOfDay = .utc) -> String {
        let name = TerminalText.sanitized(product.name)
        return [clock.format(time), String(product.id.rawValue), name, product.currentPrice.description,
                ProductColumns.changeText(product)].joined(separator: "\t")
    }
}

extension WatchLine {
    /// `HH:MM:SS<TAB>id<TAB>name<TAB>final price<TAB>SOLD · alice` (or `ended · no winner`): an ended auction.
    public static func formatClosed(_ product: Product, at time: Timestamp, clock: TimeOfDay = .utc) -> String {
        let outcome = product.winner.map { "SOLD · " + TerminalText.sanitized($0) } ?? "ended · no winner"
        return [clock.format(time), String(product.id.rawValue), TerminalText.sanitized(product.name),
                product.currentPrice.description, outcome].joined(separator: "\t")
    }
}
