import AuctionCore
import AuctionEngine

/// What the server rebuilds from the store at start: the catalogue, who leads each auction, which ended.
struct RestoredState {
    /// Every product in id order, with its committed price.
    var products: [Product]
    /// The auction book built from them.
    var book: AuctionBook
    /// Bids per product, for `bid_count`.
    var bidCounts: [ProductID: Int] = [:]
    /// Each edited lot's terms version (`edited_at`), which decisions on it are pinned to.
    var termsVersions: [ProductID: Int64] = [:]
    /// Keyed bids of the last `keyLifetime`, newest first, for idempotent retries after a restart.
    var keyedBids: [AcceptedBid] = []

    /// Reads the store (the ledger keeps `products.current_price` up to date with every commit).
    /// Prices outside `limits` do not stop the start: their products refuse bids (`product_unavailable`).
    /// Terms, maximums, moved ends and bidders come back too; `bidding` gives the server's soft close
    /// and how far back idempotency keys are remembered (as of `now`).
    static func load(from catalogue: CatalogueStore, limits: PriceLimits = PriceLimits(),
                     bidding: BiddingSettings = BiddingSettings(), now: Timestamp? = nil) throws(StoreError) -> RestoredState {
        let closures = try catalogue.closedAuctions()
        let stored = try catalogue.lotTerms()
        let terms = stored.mapValues { $0.auctionTerms(defaults: bidding) }
        let leaders = try catalogue.leaders()
        let maximums = try catalogue.proxyMaximums().map {
            ProxyMaximum(productID: $0.productID, user: $0.user, maximum: $0.maximum, placedAt: $0.placedAt)
        }
        let bidders = try catalogue.bidders()
        let bidCounts = try catalogue.bidCounts()
        let book = AuctionBook(
            products: try catalogue.allProducts(), leaders: leaders, closed: Set(closures.keys), terms: terms,
            maximums: maximums, bidders: bidders, softClose: bidding.softClose, rules: BidRules(limits: limits))
        // The catalogue shows what the book knows: reserve state, buy-now while possible, extensions.
        let products = try catalogue.allProducts().map { product in
            var product = product
            let lot = book.lot(for: product.id)
            if let lot {
                product.reserveMet = lot.reserveMet
                product.buyNowPrice = lot.buyNowPrice
                product.extensions = lot.extensions
            }
            product.status = .open
            guard let closure = closures[product.id] else { return product }
            product.isClosed = true
            product.winner = closure.winnerName
            product.buyNowPrice = nil
            let bought = lot?.isBought ?? false
            product.status = .ended(bought: bought, sold: AuctionClosing.isSold(
                winner: closure.winner, bought: bought, hadBids: (bidCounts[product.id] ?? 0) > 0, reserveMet: lot?.reserveMet))
            return product
        }
        var keyedBids: [AcceptedBid] = []
        if let now {
            let since = Timestamp(millisecondsSinceEpoch: now.millisecondsSinceEpoch &- bidding.idempotencyLifetimeMilliseconds)
            keyedBids = try catalogue.keyedBids(since: since, limit: bidding.idempotencyKeysInAll)
        }
        return RestoredState(products: products, book: book, bidCounts: bidCounts,
                             termsVersions: try catalogue.termsVersions(), keyedBids: keyedBids)
    }
}
