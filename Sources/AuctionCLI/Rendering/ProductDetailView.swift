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
    public static func render(_ detail: ProductDetail, width: Int, color: Bool, image: RGBAImage? = nil, clock: TimeOfDay = .utc) -> [String] {
        let product = detail.product
        let name = TerminalText.truncate("#\(product.id)  " + TerminalText.sanitized(product.name), toWidth: width)
        var lines = [color ? ANSI.bold + name + ANSI.reset : name, ""]
        func field(_ label: String, _ value: String) {
            lines.append(TerminalText.truncate(TerminalText.fit(label, toWidth: max(10, TerminalText.width(label) + 1)) + value, toWidth: width))
        }
        field("Seller", TerminalText.sanitized(detail.sellerName))
        var change = ProductColumns.changeText(product)
        if color, let tint = ListTable.tint(product.direction) { change = tint + change + ANSI.reset }
        field("Price", "\(product.currentPrice)" + (change.isEmpty ? "" : "  " + change))
        field("Started", product.startPrice.description)
        if let step = product.minimumIncrement { field("Min. raise", step.description) }
        if let ends = product.endsAt { field("Ends", ends.calendarDate + " " + clock.format(ends)) }
        if let listed = detail.listedAt { field("Listed", listed.calendarDate + " " + clock.format(listed)) }
        if !detail.priceHistory.isEmpty {
            let prices = detail.priceHistory.map(\.price)
            let spark = Sparkline.render(history: detail.priceHistory, width: max(8, min(40, width - 40)))
            let low = prices.min() ?? .zero, high = prices.max() ?? .zero
            field("History", spark + "  \(low) – \(high), \(prices.count) price" + (prices.count == 1 ? "" : "s"))
        }
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
}
