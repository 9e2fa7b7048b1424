import AuctionCore

/// Column widths for a product table (id, name, price, change, start) and the text of each cell.
///
/// Shared by `ListTable` and the watch screen so both look alike. Widths are in terminal cells.
public struct ProductColumns: Hashable, Sendable {
    /// Cells between columns.
    public static let gap = 2
    /// Width of the id column.
    public var id: Int
    /// Width of the name column.
    public var name: Int
    /// Width of the current-price column.
    public var price: Int
    /// Width of the change column (`↑ +500`).
    public var change: Int
    /// Width of the start-price column; 0 when the terminal is too narrow to show it.
    public var start: Int

    /// Widths that fit these products; the name column shrinks (to at least 6 cells) to keep the
    /// row within `maximumWidth`, when given. The minimum widths leave room for prices and changes to
    /// grow without moving the columns (the watch screen relies on that).
    public init(fitting products: [Product], maximumWidth: Int?, minimumMoneyWidth: Int = 5, minimumChangeWidth: Int = 6) {
        id = max(2, products.map { String($0.id.rawValue).count }.max() ?? 0)
        price = max(minimumMoneyWidth, "PRICE".count, products.map { $0.currentPrice.description.count }.max() ?? 0)
        change = max(minimumChangeWidth, products.map { TerminalText.width(ProductColumns.changeText($0)) }.max() ?? 0)
        start = max(minimumMoneyWidth, "START".count, products.map { $0.startPrice.description.count }.max() ?? 0)
        let widestName = max("NAME".count, products.map { TerminalText.width(TerminalText.sanitized($0.name)) }.max() ?? 0)
        if let maximumWidth {
            var fixed = id + price + change + start + 4 * ProductColumns.gap
            if maximumWidth - fixed < 6 {
                // Too narrow for every column: the start price is the one to give up.
                fixed -= start + ProductColumns.gap
                start = 0
            }
            name = max(6, min(widestName, maximumWidth - fixed))
        } else {
            name = widestName
        }
    }

    /// The total row width in cells.
    public var totalWidth: Int { id + name + price + change + (start > 0 ? start + 4 * ProductColumns.gap : 3 * ProductColumns.gap) }

    /// The 1-based terminal column where the price cell starts.
    public var priceColumn: Int { id + name + 2 * ProductColumns.gap + 1 }

    /// The 1-based terminal column where the change cell starts.
    public var changeColumn: Int { priceColumn + price + ProductColumns.gap }

    /// The header row.
    public var header: String {
        row(id: "ID", name: "NAME", price: "PRICE", change: "CHANGE", start: "START")
    }

    /// A product's row, without colour.
    public func row(for product: Product) -> String {
        row(id: String(product.id.rawValue), name: TerminalText.sanitized(product.name),
            price: product.currentPrice.description, change: ProductColumns.changeText(product),
            start: product.startPrice.description)
    }

    /// The price cell, right-aligned to the column.
    public func priceCell(_ product: Product) -> String {
        TerminalText.fit(product.currentPrice.description, toWidth: price, alignment: .right)
    }

    /// The change cell, right-aligned to the column.
    public func changeCell(_ product: Product) -> String {
        TerminalText.fit(ProductColumns.changeText(product), toWidth: change, alignment: .right)
    }

    /// `↑ +500`, `↓ -1,000`, or empty when the price has not moved.
    public static func changeText(_ product: Product) -> String {
        product.direction == .unchanged && product.lastChange == .zero
            ? "" : product.direction.arrow + " " + product.lastChange.signedDescription
    }

    private func row(id: String, name: String, price: String, change: String, start: String) -> String {
        let space = String(repeating: " ", count: ProductColumns.gap)
        return TerminalText.fit(id, toWidth: self.id, alignment: .right) + space
            + TerminalText.fit(name, toWidth: self.name) + space
            + TerminalText.fit(price, toWidth: self.price, alignment: .right) + space
            + TerminalText.fit(change, toWidth: self.change, alignment: .right)
            + (self.start > 0 ? space + TerminalText.fit(start, toWidth: self.start, alignment: .right) : "")
    }
}
