import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

extension CatalogueEndpoints.Source {
    /// Sources that do not count bids leave `bid_count` out.
    public func bidCount(of id: ProductID) -> Int? { nil }
    /// Sources that do not count their products send no `X-Total-Count`.
    public func listedCount() -> Int? { nil }
}

/// Our bidding fields appended to the original's list items and `DetailProductInfo`:
/// `reserve_met` (only when the product has a reserve; never the amount), `buy_now_price` (only
/// while buying now is possible), `extensions`, `bid_count` and `next_minimum` (while open: the
/// book's own rule, `BidMinimum`), `status` (the live catalogue's `LotStatus`). `end_time` is the moved end time.
extension CatalogueEndpoints {
    /// The fields of one product.
    static func biddingFields(of product: Product, bidCount: Int?) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let met = product.reserveMet { fields.append(("reserve_met", .bool(met))) }
        if let price = product.buyNowPrice, !product.isClosed { fields.append(("buy_now_price", .int(price.minorUnits))) }
        fields.append(("extensions", .int(Int64(product.extensions))))
        if let bidCount { fields.append(("bid_count", .int(Int64(bidCount)))) }
        if let status = product.status { fields.append(("status", .string(status.rawValue))) }
        if !product.isClosed {
            // A lot has bids once one was counted; a source that counts none knows it by a moved price.
            let hasBids = (bidCount ?? 0) > 0 || product.currentPrice != product.startPrice
            let minimum = BidMinimum.next(price: product.currentPrice, hasBids: hasBids, minimumIncrement: product.minimumIncrement)
            fields.append(("next_minimum", .int(minimum.minorUnits)))
        }
        return fields
    }

    /// `POST /products/alllist`'s body with the bidding fields in each item.
    static func pageBody(_ products: [Product], source: any Source) -> [UInt8] {
        JSONValue.array(products.map { product in
            var json = ProductListItemDTO(product: product).json
            if case .object(var object) = json {
                for (key, value) in biddingFields(of: product, bidCount: source.bidCount(of: product.id)) { object[key] = value }
                for (key, value) in sellerFields(of: product.id, source: source) { object[key] = value }
                json = .object(object)
            }
            return json
        }).serialized()
    }

    /// `POST /products/detailproduct`'s body with the bidding fields in `DetailProductInfo`.
    static func detailBody(_ detail: ProductDetail, sellerID: String, source: any Source) -> [UInt8] {
        var json = ProductDetailDTO(detail: detail, sellerID: sellerID).json
        if case .object(var object) = json, case .object(var info)? = object["DetailProductInfo"] {
            for (key, value) in biddingFields(of: detail.product, bidCount: source.bidCount(of: detail.product.id)) {
                info[key] = value
            }
            for (key, value) in sellerFields(of: detail.product.id, source: source) { info[key] = value }
            object["DetailProductInfo"] = .object(info)
            json = .object(object)
        }
        return json.serialized()
    }
}
