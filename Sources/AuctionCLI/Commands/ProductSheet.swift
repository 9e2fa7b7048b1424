import AuctionCore
import AuctionImage

/// What `auction show` prints for a product, as a pure function of the product and the terminal.
public enum ProductSheet {
    /// The sheet's lines: name, seller, prices, end time, description, price history, and the image
    /// (half blocks, only when `image` is given, i.e. on a colour terminal).
    public static func lines(_ detail: ProductDetail, image: RGBAImage?, width: Int?, color: Bool, now: Timestamp) -> [String] {
        let product = detail.product
        let room = max(20, width ?? 80)
        func label(_ text: String) -> String {
            let padded = TerminalText.fit(text, toWidth: 9)
            return color ? ANSI.dim + padded + ANSI.reset : padded
        }
        var lines: [String] = []
        let title = "#\(product.id) " + TerminalText.sanitized(product.name)
        lines.append(color ? ANSI.bold + TerminalText.truncate(title, toWidth: room) + ANSI.reset : TerminalText.truncate(title, toWidth: room))
        lines.append(label("seller") + TerminalText.sanitized(detail.sellerName))
        var priceText = product.currentPrice.description
        let change = ProductColumns.changeText(product)
        if !change.isEmpty {
            let tint = color ? ListTable.tint(product.direction) : nil
            priceText += "  " + (tint.map { $0 + change + ANSI.reset } ?? change)
        }
        lines.append(label("price") + priceText)
        lines.append(label("start") + product.startPrice.description)
        if let step = product.minimumIncrement, step > .zero { lines.append(label("step") + "bids must raise by at least \(step)") }
        lines.append(label("ends") + endText(product.endsAt, now: now))
        if let listed = detail.listedAt { lines.append(label("listed") + listed.calendarDate + " " + listed.timeOfDay + " UTC") }
        let description = TerminalText.sanitized(detail.description)
        if !description.isEmpty {
            lines.append("")
            lines += wrap(description, width: room)
        }
        let history = detail.priceHistory
        if !history.isEmpty {
            lines.append("")
            let prices = history.map(\.price)
            let low = prices.min() ?? .zero, high = prices.max() ?? .zero
            let summary = "\(history.count) price" + (history.count == 1 ? "" : "s") + ", \(low) – \(high)"
            lines.append(label("history") + Sparkline.render(history: history, width: max(8, min(40, room - 40))) + "  " + summary)
            if width != nil && history.count >= 2 {
                lines += Sparkline.chart(history.map(\.price.minorUnits), height: 4, width: max(8, min(60, room - 14)))
                    .map { "         " + $0 }
            }
        }
        if let image {
            lines.append("")
            lines += HalfBlockImage.render(image, width: max(8, min(32, room)))
        }
        return lines
    }

    /// `2026-11-22 10:00:00 UTC (in 3 h 5 min)`, `… (ended)`, or `not set`.
    static func endText(_ end: Timestamp?, now: Timestamp) -> String {
        guard let end else { return "not set" }
        let stamp = end.calendarDate + " " + end.timeOfDay + " UTC"
        let seconds = (end.millisecondsSinceEpoch - now.millisecondsSinceEpoch) / 1000
        guard seconds > 0 else { return stamp + " (ended)" }
        let days = seconds / 86_400, hours = seconds / 3600 % 24, minutes = seconds / 60 % 60
        let left = days > 0 ? "\(days) d \(hours) h" : hours > 0 ? "\(hours) h \(minutes) min" : minutes > 0 ? "\(minutes) min" : "\(seconds) s"
        return stamp + " (in \(left))"
    }

    /// Text wrapped at spaces to lines of at most `width` cells (long words are cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if TerminalText.width(candidate) <= width || line.isEmpty {
                line = TerminalText.truncate(candidate, toWidth: width)
            } else {
                lines.append(line)
                line = TerminalText.truncate(String(word), toWidth: width)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
