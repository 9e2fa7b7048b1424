import AuctionCore
import AuctionInfrastructure

/// What a refused bid's reply says beyond its reason and price, so the bidder knows what would pass.
extension SocketService {
    /// For `price_too_low`: `min_increment` (the lot's minimum raise, or null when none is set) and
    /// `minimum_bid` (the smallest price accepted now: `price` plus the raise, or plus 1); empty otherwise.
    func refusalFields(_ reason: RefusalReason, productID: ProductID) -> JSONObject {
        guard reason == .priceTooLow, let lot = bidPath.book.lot(for: productID) else { return JSONObject() }
        let minimum = BidRules.minimumNextBid(current: lot.price, minimumIncrement: lot.minimumIncrement)
        return JSONObject([
            ("min_increment", lot.minimumIncrement.map { .int($0.minorUnits) } ?? .null),
            ("minimum_bid", .int(minimum.minorUnits)),
        ])
    }
}
