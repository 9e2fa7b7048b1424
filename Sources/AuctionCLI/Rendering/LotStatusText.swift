import AuctionCore

/// The words for a lot's status, as the server stated it (`Product.status`): each view prints them once.
/// The client adds nothing of its own: without a stated status (the original backend) only `closed` is known.
public enum LotStatusText {
    /// `auction show`'s Status line: `open`, `sold — won by al…e at 441,000`, `unsold — reserve not met`,
    /// `withdrawn by its seller`, `removed by moderation: <reason>`; nil while open on a source that states nothing.
    public static func detail(_ product: Product, removedReason: String?, viewer: String?) -> String? {
        switch product.status {
        case .open?: return "open"
        case .ending?: return "ending"
        case .sold?: return "sold" + winnerText(product, viewer: viewer)
        case .bought?: return "bought now" + winnerText(product, viewer: viewer)
        case .unsold?: return "unsold — " + (product.reserveMet == false ? "reserve not met" : "no bid")
        case .withdrawn?: return "withdrawn by its seller"
        case .removed?: return "removed by moderation" + (removedReason.map { ": " + TerminalText.sanitized($0) } ?? "")
        case nil:
            if let reason = removedReason { return "removed by moderation: " + TerminalText.sanitized(reason) }
            return product.isClosed ? "ended" + winnerText(product, viewer: viewer) : nil
        }
    }

    /// A closed row's outcome in `watch`: `SOLD · 260,000 · al…e`, `BOUGHT · …`, `UNSOLD · 10,000`, `WITHDRAWN`, `REMOVED`;
    /// without `price` (piped lines, which carry the price in a column of its own) `SOLD · al…e`, `UNSOLD`, ….
    public static func row(_ product: Product, viewer: String?, price: Bool = true) -> String {
        rowParts(product, viewer: viewer, price: price).joined(separator: " · ")
    }

    /// The parts of `row`, so a narrow screen can leave whole ones out instead of cutting a figure.
    public static func rowParts(_ product: Product, viewer: String?, price: Bool = true) -> [String] {
        let winner = product.winner.map { [BidderName.shown($0, viewer: viewer)] } ?? []
        let amount = price ? [product.currentPrice.description] : []
        switch product.status {
        case .bought?: return ["BOUGHT"] + amount + winner
        case .unsold?: return ["UNSOLD"] + amount
        case .withdrawn?: return ["WITHDRAWN"]
        case .removed?: return ["REMOVED"]
        case .sold?: return ["SOLD"] + amount + winner
        case .open?, .ending?, nil:
            return product.winner == nil ? ["ended", "no winner"] : ["SOLD"] + amount + winner
        }
    }

    /// The `LEFT` cell of an ended lot: its status word (`sold`, `unsold`, …), `ended` when the server states none.
    public static func cell(_ product: Product) -> String {
        guard let status = product.status, !status.takesBids else { return "ended" }
        return status.rawValue
    }

    /// ` — won by al…e at 441,000` (the winner's name in full when it is the viewer's), or ` at 441,000` without a named winner.
    private static func winnerText(_ product: Product, viewer: String?) -> String {
        guard let winner = product.winner else { return " at \(product.currentPrice)" }
        return " — won by \(BidderName.shown(winner, viewer: viewer)) at \(product.currentPrice)"
    }
}
