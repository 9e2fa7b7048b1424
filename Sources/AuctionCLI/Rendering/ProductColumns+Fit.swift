import AuctionCore

/// How a product table fits a width: the id, a name and a whole price first, then the optional
/// columns by priority — time left, bids, change, start — each only while the name keeps its room.
extension ProductColumns {
    /// The name's room that optional columns never take (a shorter widest name needs less).
    static let comfortableName = 20
    /// The narrowest name shown beside a price; below it the price column goes rather than be cut.
    static let narrowestName = 6

    /// Widths that fit `products` in `maximumWidth` (see `init(fitting:…)`).
    static func fit(_ products: [Product], maximumWidth: Int?, minimumMoneyWidth: Int, minimumChangeWidth: Int,
                    leftWidth: Int) -> ProductColumns {
        let gap = ProductColumns.gap
        let id = max(2, products.map { String($0.id.rawValue).count }.max() ?? 0)
        let widestPrice = max("PRICE".count, products.map { $0.currentPrice.description.count }.max() ?? 0)
        let change = max(minimumChangeWidth, products.map { TerminalText.width(changeText($0)) }.max() ?? 0)
        let bids = products.contains { $0.bidCount != nil } ? max("BIDS".count, products.map { bidsText($0).count }.max() ?? 0) : 0
        let start = max(minimumMoneyWidth, "START".count, products.map { $0.startPrice.description.count }.max() ?? 0)
        let name = max("NAME".count, products.map { TerminalText.width(TerminalText.sanitized($0.name)) }.max() ?? 0)
        guard let width = maximumWidth else {
            return ProductColumns(id: id, name: name, price: max(minimumMoneyWidth, widestPrice), change: change, bids: bids,
                                  start: start, left: max(0, leftWidth))
        }
        // A whole price beside a name of `narrowestName`: with room to grow, else as wide as the widest, else none.
        let floor = min(name, narrowestName)
        var price = max(minimumMoneyWidth, widestPrice)
        if id + gap + floor + gap + price > width { price = widestPrice }
        if id + gap + floor + gap + price > width { price = 0 }
        var columns = ProductColumns(id: id, name: 0, price: price, change: 0, bids: 0, start: 0, left: 0)
        var used = id + gap + (price > 0 ? gap + price : 0)
        if price > 0 {
            let keep = min(name, comfortableName)
            let optional: [(WritableKeyPath<ProductColumns, Int>, Int)] = [(\.left, leftWidth), (\.bids, bids), (\.change, change), (\.start, start)]
            for (column, wanted) in optional where wanted > 0 && used + gap + wanted + keep <= width {
                columns[keyPath: column] = wanted
                used += gap + wanted
            }
        }
        columns.name = max(1, min(name, width - used))
        return columns
    }
}
