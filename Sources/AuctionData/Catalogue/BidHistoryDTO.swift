import AuctionCore
import AuctionInfrastructure

/// The body of `GET /products/{id}/bids` (ours): `{"bids":[{"time":ms,"bidder":"al…e","price":N,
/// "automatic":bool,"id":N,"retracted":true,"repriced":true}]}`, newest first, at most `maximumCount`; `bidder` is
/// null for an anonymous bid; `retracted` marks a bid a moderator retracted, `repriced` the price a retraction set,
/// `you` the viewer's own bids (with a session token: their `bidder` is their name in full).
public enum BidHistoryDTO {
    /// The most entries the server sends and the client reads.
    public static let maximumCount = 100
    /// The longest `bidder` read, in bytes (the server sends a few characters).
    public static let maximumBidderBytes = 64

    /// The path for a product's bid history.
    public static func path(of id: ProductID) -> String { "/products/\(id.rawValue)/bids" }

    /// The JSON body for `entries` (the first `maximumCount`).
    public static func body(_ entries: [BidHistoryEntry]) -> [UInt8] {
        JSONValue.object(JSONObject([("bids", .array(entries.prefix(maximumCount).map { entry in
            .object(JSONObject([
                ("time", .int(entry.time.millisecondsSinceEpoch)),
                ("bidder", entry.bidder.map { .string($0) } ?? .null),
                ("price", .int(entry.price.minorUnits)),
                ("automatic", .bool(entry.isAutomatic)),
            ] + (entry.id.map { [("id", JSONValue.int($0))] } ?? [])
              + (entry.isRetracted ? [("retracted", JSONValue.bool(true))] : [])
              + (entry.isRepricing ? [("repriced", JSONValue.bool(true))] : [])
              + (entry.isViewers ? [("you", JSONValue.bool(true))] : [])))
        }))])).serialized()
    }

    /// Reads a body: every entry's time and price must be whole numbers in range (times ≥ 0, prices
    /// 0…2^53 − 1); entries past `maximumCount` are ignored, a longer `bidder` is cut.
    public static func entries(from body: [UInt8]) throws(CatalogueError) -> [BidHistoryEntry] {
        let root = try CatalogueFields(CatalogueFields.parse(body), path: "")
        var entries: [BidHistoryEntry] = []
        for (index, element) in try root.array("bids").prefix(maximumCount).enumerated() {
            let fields = try CatalogueFields(element, path: "bids[\(index)]")
            let time = try fields.int("time"), price = try fields.int("price")
            guard time >= 0 else { throw CatalogueError.invalidField(fields.name("time")) }
            guard price >= 0, price <= Money.largestExact.minorUnits else { throw CatalogueError.invalidField(fields.name("price")) }
            let bidder = try fields.optionalString("bidder").map { String(decoding: Array($0.utf8.prefix(maximumBidderBytes)), as: UTF8.self) }
            var entry = BidHistoryEntry(time: Timestamp(millisecondsSinceEpoch: time), bidder: bidder, price: Money(price),
                                        isAutomatic: try fields.optionalBool("automatic") ?? false, id: try fields.optionalInt("id"),
                                        isRetracted: try fields.optionalBool("retracted") ?? false,
                                        isRepricing: try fields.optionalBool("repriced") ?? false)
            entry.isViewers = try fields.optionalBool("you") ?? false
            entries.append(entry)
        }
        return entries
    }
}
