import AuctionCore
import AuctionImage

/// Renders `auction show`: the product in full, its price history as a sparkline, and its image.
public enum ProductDetailView {
    /// The lines to print.
    /// - Parameters:
    ///   - detail: the product.
    ///   - width: the terminal's width (80 when piped).
    ///   - color: whether to colour the change and bold the name.
    ///   - image: the decoded cover image, drawn with half blocks when given (colour terminals only).
    ///   - clock: the zone for times.
    ///   - now: the time the countdown counts from (`Ends … (2h 14m left)`); nil for none.
    ///   - bids: the bid history, newest first (`BidHistoryView`); nil when the server has none to give.
    ///   - viewer: the logged-in user's name (their own name is shown in full); nil when logged out.
    public static func render(_ detail: ProductDetail, width: Int, color: Bool, image: RGBAImage? = nil, clock: TimeOfDay = .utc,
                              now: Timestamp? = nil, bids: [BidHistoryEntry]? = nil, viewer: String? = nil) -> [String] {
        let product = detail.product
        let name = TerminalText.truncate("#\(product.id)  " + TerminalText.sanitized(product.name), toWidth: width)
        var lines = [color ? ANSI.bold + name + ANSI.reset : name, ""]
        func field(_ label: String, _ value: String) {
            lines.append(TerminalText.truncate(TerminalText.fit(label, toWidth: max(10, TerminalText.width(label) + 1)) + value, toWidth: width))
        }
        field("Seller", TerminalText.sanitized(detail.sellerName))
        if let status = LotStatusText.detail(product, removedReason: detail.removedReason, viewer: viewer) {
            let alarming = product.status == .removed || product.status == .withdrawn || (product.status == nil && detail.removedReason != nil)
            field("Status", color && alarming ? ANSI.red + status + ANSI.reset : status)
        }
        var change = ProductColumns.changeText(product)
        if color, let tint = ListTable.tint(product.direction) { change = tint + change + ANSI.reset }
        field("Price", "\(product.currentPrice)" + (change.isEmpty ? "" : "  " + change))
        field("Started", product.startPrice.description)
        if !product.isClosed, let minimum = product.nextMinimum { field("Next bid", "\(minimum) or more") }
        if let ends = product.endsAt, product.status != .withdrawn, product.status != .removed {
            field("Ends", clock.dateTime(ends) + extended(product) + countdown(product, until: ends, now: now, color: color))
        }
        for (label, value) in biddingFields(product) { field(label, value) }
        if let listed = detail.listedAt { field("Listed", clock.dateTime(listed)) }
        // The bids themselves when the server lists them (its price history keeps one point a day).
        let history = bids.flatMap { $0.isEmpty ? nil : $0.reversed().map(\.price) } ?? detail.priceHistory.map(\.price)
        if !history.isEmpty {
            let spark = Sparkline.render(history.map(\.minorUnits), width: max(8, min(40, width - 40)))
            let low = history.min() ?? .zero, high = history.max() ?? .zero
            let unit = bids?.isEmpty == false ? "bid" : "price"
            field("History", spark + "  \(low) – \(high), \(history.count) \(unit)" + (history.count == 1 ? "" : "s"))
        }
        lines += BidHistoryView.render(bids ?? [], width: width, clock: clock, productID: product.id, color: color)
        if !detail.description.isEmpty {
            lines.append("")
            for paragraph in detail.description.split(separator: "\n", omittingEmptySubsequences: false) {
                let wrapped = TerminalText.wrap(TerminalText.sanitized(String(paragraph)), toWidth: width)
                lines += wrapped.isEmpty ? [""] : wrapped
            }
        }
        if let image, color {
            lines.append("")
            lines += HalfBlockImage.render(image, width: min(width, 48))
        }
        return lines
    }

    /// `  (2h 14m left)`, red under a minute; empty once ended or without `now`.
    static func countdown(_ product: Product, until end: Timestamp, now: Timestamp?, color: Bool) -> String {
        guard let now, !product.isClosed else { return "" }
        let left = TimeLeft(until: end, now: now)
        guard !left.hasEnded else { return "" }
        let text = left.text + " left"
        return "  (" + (color && left.isUrgent ? ANSI.red + text + ANSI.reset : text) + ")"
    }
}
