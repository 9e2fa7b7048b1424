import AuctionCore
import AuctionEngine

/// What the server rebuilds from the store at start: the catalogue, who leads each auction, which ended.
struct RestoredState {
    /// Every product in id order, with its committed price.
    var products: [Product]
    /// The auction book built from them.
    var book: AuctionBook

    /// Reads the store (the ledger keeps `products.current_price` up to date with every commit).
    /// Prices outside `limits` do not stop the start: their products refuse bids (`product_unavailable`).
    static func load(from catalogue: SQLiteCatalogueStore, limits: PriceLimits = PriceLimits()) throws(StoreError) -> RestoredState {
        let closures = try catalogue.closedAuctions()
        let products = try catalogue.allProducts().map { product in
            guard let closure = closures[product.id] else { return product }
            var closedProduct = product
            closedProduct.isClosed = true
            closedProduct.winner = closure.winnerName
            return closedProduct
        }
        let closed = Set(closures.keys)
        let leaders = try catalogue.leaders()
        return RestoredState(products: products, book: AuctionBook(products: products, leaders: leaders, closed: closed,
                                                                   rules: BidRules(limits: limits)))
    }
}
