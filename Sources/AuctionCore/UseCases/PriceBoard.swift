/// The live table `auction watch` shows: products in order, updated by price pushes.
public struct PriceBoard: Hashable, Sendable {
    /// The rows, in display order.
    public private(set) var rows: [Product]
    /// How many price updates have been applied.
    public private(set) var updatesApplied: Int = 0
    private var rowIndex: [ProductID: Int]

    /// A board showing these products in this order.
    public init(products: [Product]) {
        rows = products
        rowIndex = Dictionary(products.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Applies an update; returns the row it changed, or nil when the product is not on the board
    /// or the update repeats the price shown (a replay after reconnecting).
    public mutating func apply(_ update: PriceUpdate) -> Int? {
        guard let index = rowIndex[update.productID] else { return nil }
        let row = rows[index]
        if row.currentPrice == update.price && row.lastChange == update.change { return nil }
        rows[index] = row.applying(update)
        // The push's `seq` is the lot's accepted-bid count (`bid_count`): the BIDS column follows it.
        if let count = update.sequence, count >= 0 { rows[index].bidCount = Int(clamping: count) }
        updatesApplied += 1
        return index
    }

    /// Marks a product's auction ended at its final price with its winner (if any) and the server's status; returns its row, or
    /// nil when the product is not on the board or is already shown ended that way (a repeated push).
    public mutating func close(_ id: ProductID, finalPrice: Money, winner: String?, status: LotStatus? = nil) -> Int? {
        guard let index = rowIndex[id] else { return nil }
        let row = rows[index]
        if row.isClosed && row.currentPrice == finalPrice && row.winner == winner && (status == nil || row.status == status) { return nil }
        rows[index].isClosed = true
        rows[index].nextMinimum = nil
        // The server's word for the ended lot; a server that states none (the original) leaves the row's.
        if let status { rows[index].status = status } else if rows[index].status?.takesBids == true { rows[index].status = nil }
        rows[index].winner = winner
        rows[index].currentPrice = finalPrice
        return index
    }

    /// Replaces the products (after a reload), keeping the update count.
    public mutating func replace(with products: [Product]) {
        rows = products
        rowIndex = Dictionary(products.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
