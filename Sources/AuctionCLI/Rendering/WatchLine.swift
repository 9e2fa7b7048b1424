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
