import AuctionCore

/// The line `auction watch` prints per price change when stdout is not a terminal.
public enum WatchLine {
    /// `HH:MM:SS<TAB>id<TAB>name<TAB>price<TAB>↑ +500`: tab-separated for `cut` and friends; no colour,
    /// and numbers without thousands separators (`35500`, `↑ +1500`) so scripts read them as numbers.
    public static func format(_ product: Product, at time: Timestamp, clock: TimeOfDay = .utc) -> String {
        let name = TerminalText.sanitized(product.name)
        let change = product.direction == .unchanged && product.lastChange == .zero
            ? "" : product.direction.arrow + " " + (product.lastChange > .zero ? "+" : "") + String(product.lastChange.minorUnits)
        return [clock.format(time), String(product.id.rawValue), name, String(product.currentPrice.minorUnits), change]
            .joined(separator: "\t")
    }
}

extension WatchLine {
    /// `HH:MM:SS<TAB>id<TAB>name<TAB>final price<TAB>SOLD · a…e` (or `UNSOLD`, `ended · no winner`, …): an ended auction.
    public static func formatClosed(_ product: Product, at time: Timestamp, clock: TimeOfDay = .utc) -> String {
        let outcome = LotStatusText.row(product, viewer: nil, price: false)
        return [clock.format(time), String(product.id.rawValue), TerminalText.sanitized(product.name),
                String(product.currentPrice.minorUnits), outcome].joined(separator: "\t")
    }
}
