import AuctionCore

/// `show`'s lines for the bidding rules: soft-close extensions, the reserve and buy-now.
extension ProductDetailView {
    /// ` — extended 2×` once soft close moved the end; empty otherwise.
    static func extended(_ product: Product) -> String {
        product.extensions > 0 ? " — extended \(product.extensions)×" : ""
    }

    /// `Reserve  not met` / `met` (only when the product has a reserve), `Buy now: 120,000 (auction buy 5)`
    /// while open and available, and `Bids: 12` when the server counts them.
    static func biddingFields(_ product: Product) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let met = product.reserveMet { fields.append(("Reserve", met ? "met" : "not met")) }
        if let price = product.buyNowPrice, !product.isClosed { fields.append(("Buy now", "\(price)  (auction buy \(product.id))")) }
        if let count = product.bidCount { fields.append(("Bids", String(count))) }
        return fields
    }
}
