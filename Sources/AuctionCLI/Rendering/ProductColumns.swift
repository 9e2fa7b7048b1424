import AuctionCore

/// Column widths for a product table (id, name, price, change, bids, start, and the caller's time-left
/// column) and the text of each cell. Shared by `ListTable` and the watch screen so both look alike.
///
/// Widths are in terminal cells; 0 means the column is left out. A narrow terminal loses whole columns
/// (`ProductColumns+Fit.swift`), never part of a number: a price is shown whole or not at all.
public struct ProductColumns: Hashable, Sendable {
    /// Cells between columns.
    public static let gap = 2
    /// Width of the id column.
    public var id: Int
    /// Width of the name column.
    public var name: Int
    /// Width of the current-price column; 0 when the terminal is too narrow for a whole price.
    public var price: Int
    /// Width of the change column (`↑ +500`); 0 when left out.
    public var change: Int
    /// Width of the bid-count column (`BIDS`, the server's `bid_count`); 0 when left out or unknown.
    public var bids: Int
    /// Width of the start-price column; 0 when left out.
    public var start: Int
    /// Width of the caller's time-left column after the others; 0 when left out.
    public var left: Int

    /// Widths that fit these products within `maximumWidth` (nil: no limit), with `leftWidth` cells wanted
    /// for a time-left column. The minimum widths leave room for prices and changes to grow without moving
    /// the columns (the watch screen relies on that) while the terminal is wide enough.
    public init(fitting products: [Product], maximumWidth: Int?, minimumMoneyWidth: Int = 5, minimumChangeWidth: Int = 6,
                leftWidth: Int = 0) {
        self = ProductColumns.fit(products, maximumWidth: maximumWidth, minimumMoneyWidth: minimumMoneyWidth,
                                  minimumChangeWidth: minimumChangeWidth, leftWidth: leftWidth)
    }

    /// Widths as given.
    init(id: Int, name: Int, price: Int, change: Int, bids: Int, start: Int, left: Int) {
        self.id = id
        self.name = name
        self.price = price
        self.change = change
        self.bids = bids
        self.start = start
        self.left = left
    }

    /// The row width in cells, the time-left column excluded.
    public var totalWidth: Int {
        [price, change, bids, start].filter { $0 > 0 }.reduce(id + ProductColumns.gap + name) { $0 + ProductColumns.gap + $1 }
    }

    /// The 1-based terminal column where the price cell starts (meaningful only while `price > 0`).
    public var priceColumn: Int { id + name + 2 * ProductColumns.gap + 1 }

    /// The 1-based terminal column where the change cell starts (meaningful only while `change > 0`).
    public var changeColumn: Int { priceColumn + price + ProductColumns.gap }

    /// The 1-based terminal column where the bid-count cell starts (meaningful only while `bids > 0`).
    public var bidsColumn: Int { changeColumn + (change > 0 ? change + ProductColumns.gap : 0) }

    /// The header row.
    public var header: String {
        row(id: "ID", name: "NAME", price: "PRICE", change: "CHANGE", bids: "BIDS", start: "START")
    }

    /// A product's row, without colour.
    public func row(for product: Product) -> String {
        row(id: String(product.id.rawValue), name: TerminalText.sanitized(product.name),
            price: product.currentPrice.description, change: ProductColumns.changeText(product),
            bids: ProductColumns.bidsText(product), start: product.startPrice.description)
    }

    /// The price cell, right-aligned to the column.
    public func priceCell(_ product: Product) -> String {
        TerminalText.fit(product.currentPrice.description, toWidth: price, alignment: .right)
    }

    /// The change cell, right-aligned to the column.
    public func changeCell(_ product: Product) -> String {
        TerminalText.fit(ProductColumns.changeText(product), toWidth: change, alignment: .right)
    }

    /// The bid-count cell, right-aligned to the column.
    public func bidsCell(_ product: Product) -> String {
        TerminalText.fit(ProductColumns.bidsText(product), toWidth: bids, alignment: .right)
    }

    /// `↑ +500`, `↓ -1,000`, or empty when the price has not moved.
    public static func changeText(_ product: Product) -> String {
        product.direction == .unchanged && product.lastChange == .zero
            ? "" : product.direction.arrow + " " + product.lastChange.signedDescription
    }

    /// The server's bid count (`1,204`), empty when it did not say.
    public static func bidsText(_ product: Product) -> String {
        product.bidCount.map { Money(Int64($0)).description } ?? ""
    }

    private func row(id: String, name: String, price: String, change: String, bids: String, start: String) -> String {
        let space = String(repeating: " ", count: ProductColumns.gap)
        var text = TerminalText.fit(id, toWidth: self.id, alignment: .right) + space + TerminalText.fit(name, toWidth: self.name)
        for (cell, width) in [(price, self.price), (change, self.change), (bids, self.bids), (start, self.start)] where width > 0 {
            text += space + TerminalText.fit(cell, toWidth: width, alignment: .right)
        }
        return text
    }
}
