import AuctionCore
import AuctionInfrastructure

/// The JSON shapes `--json` prints: stable snake_case keys, prices as integers in minor units.
public enum ProductJSON {
    /// A product row: id, name, price, start_price, change, direction, auction_date, image_ids, ends_at,
    /// minimum_increment, next_minimum (the server's), bid_count (the server's, null when unknown), closed, status (the
    /// server's `LotStatus`; null from the original), winner.
    public static func product(_ product: Product) -> JSONValue {
        .object(JSONObject([
            ("id", .int(Int64(product.id.rawValue))),
            ("name", .string(product.name)),
            ("price", .int(product.currentPrice.minorUnits)),
            ("start_price", .int(product.startPrice.minorUnits)),
            ("change", .int(product.lastChange.minorUnits)),
            ("direction", .string(direction(product.direction))),
            ("auction_date", .string(product.auctionDate)),
            ("image_ids", .array(product.imageIDs.map { .int(Int64($0)) })),
            ("ends_at", product.endsAt.map { .string($0.description) } ?? .null),
            ("minimum_increment", product.minimumIncrement.map { .int($0.minorUnits) } ?? .null),
            ("next_minimum", product.nextMinimum.map { .int($0.minorUnits) } ?? .null),
            ("bid_count", product.bidCount.map { .int(Int64($0)) } ?? .null),
            ("closed", .bool(product.isClosed)),
            ("status", product.status.map { .string($0.rawValue) } ?? .null),
            ("winner", product.winner.map { .string($0) } ?? .null),
        ]))
    }

    /// A product in full: the row's fields plus seller, description, listed_at (removed_reason for a lot a
    /// moderator removed) and history; then
    /// reserve_met, buy_now_price, extensions and, when the server has them, bids (newest first).
    public static func detail(_ detail: ProductDetail, bids: [BidHistoryEntry]? = nil) -> JSONValue {
        guard case .object(var object) = product(detail.product) else { return .null }
        object.members.append(.init(key: "seller", value: .string(detail.sellerName)))
        object.members.append(.init(key: "description", value: .string(detail.description)))
        object.members.append(.init(key: "listed_at", value: detail.listedAt.map { .string($0.description) } ?? .null))
        if let reason = detail.removedReason { object.members.append(.init(key: "removed_reason", value: .string(reason))) }
        object.members.append(.init(key: "history", value: .array(detail.priceHistory.map { point in
            .object(JSONObject([("date", .string(point.date)), ("price", .int(point.price.minorUnits))]))
        })))
        object.members += bidding(detail.product, bids: bids).members
        return .object(object)
    }

    /// `reserve_met` (null without a reserve), `buy_now_price` (null unless available), `extensions`
    /// and `bids` (only when the server has a bid history); `bid_count` is the row's.
    public static func bidding(_ product: Product, bids: [BidHistoryEntry]?) -> JSONObject {
        var object = JSONObject([
            ("reserve_met", product.reserveMet.map { .bool($0) } ?? .null),
            ("buy_now_price", product.buyNowPrice.map { .int($0.minorUnits) } ?? .null),
            ("extensions", .int(Int64(product.extensions))),
        ])
        if let bids {
            object["bids"] = .array(bids.map { bid in
                .object(JSONObject([
                    ("time", .string(bid.time.description)), ("bidder", bid.bidder.map { .string($0) } ?? .null),
                    ("price", .int(bid.price.minorUnits)), ("automatic", .bool(bid.isAutomatic)),
                    ("id", bid.id.map { .int($0) } ?? .null), ("retracted", .bool(bid.isRetracted)),
                    ("you", .bool(bid.isViewers)),
                ]))
            })
        }
        return object
    }

    /// `up`, `down` or `unchanged`.
    public static func direction(_ direction: PriceDirection) -> String {
        switch direction {
        case .up: "up"
        case .down: "down"
        case .unchanged: "unchanged"
        }
    }
}
