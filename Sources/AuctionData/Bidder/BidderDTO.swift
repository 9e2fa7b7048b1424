import AuctionCore
import AuctionInfrastructure

/// The JSON shapes of `GET /me/bids` (`{"bids":[{"product_id","product_name","my_highest","my_maximum",
/// "current_price","end_time","status"}]}`) and `GET /watchlist` (`{"product_ids":[…]}`), written by the
/// server and read, range-checked, by the client; failures `{"error","reason"?}`.
public enum BidderDTO {
    /// Product ids: what the catalogue and the socket take (`0 ... 2^31 - 1`).
    public static let productIDs: ClosedRange<Int64> = 0...Int64(Int32.max)
    /// Prices and maximums: `0 ... Money.largestExact` minor units.
    public static let prices: ClosedRange<Int64> = 0...Money.largestExact.minorUnits
    /// Longest product name read from an answer (bytes of UTF-8); longer answers are refused.
    public static let maximumNameBytes = 4_096

    /// `{"bids":[…]}`, serialized.
    public static func bidsBody(_ bids: [MyBid]) -> [UInt8] { bidsJSON(bids).serialized() }

    /// `{"bids":[…]}`.
    public static func bidsJSON(_ bids: [MyBid]) -> JSONValue {
        let rows: [JSONValue] = bids.map { bid in
            .object(JSONObject([
                ("product_id", .int(Int64(bid.productID.rawValue))), ("product_name", .string(bid.productName)),
                ("my_highest", .int(bid.myHighest.minorUnits)), ("my_maximum", bid.myMaximum.map { .int($0.minorUnits) } ?? .null),
                ("current_price", .int(bid.currentPrice.minorUnits)),
                ("end_time", bid.endTime.map { .int($0.millisecondsSinceEpoch) } ?? .null),
                ("status", .string(bid.status.rawValue)),
            ]))
        }
        return .object(JSONObject([("bids", .array(rows))]))
    }

    /// Reads `{"bids":[…]}`; nil when a member is missing, of the wrong type or out of range.
    public static func bids(from body: [UInt8]) -> [MyBid]? {
        guard let json = try? JSONValue.parse(body), let rows = json["bids"]?.arrayValue else { return nil }
        var bids: [MyBid] = []
        bids.reserveCapacity(rows.count)
        for row in rows {
            guard let id = row["product_id"]?.intValue, productIDs.contains(id),
                  let name = row["product_name"]?.stringValue, name.utf8.count <= maximumNameBytes,
                  let highest = price(row["my_highest"]), let current = price(row["current_price"]),
                  let maximum = optional(row["my_maximum"], price),
                  let end = optional(row["end_time"], { $0?.intValue }),
                  let statusText = row["status"]?.stringValue, let status = MyBidStatus(rawValue: statusText) else { return nil }
            bids.append(MyBid(productID: ProductID(Int(id)), productName: name, myHighest: highest, myMaximum: maximum,
                              currentPrice: current, endTime: end.map(Timestamp.init(millisecondsSinceEpoch:)), status: status))
        }
        return bids
    }

    /// `{"product_ids":[…]}`, serialized.
    public static func watchlistBody(_ ids: [ProductID]) -> [UInt8] { watchlistJSON(ids).serialized() }

    /// `{"product_ids":[…]}`.
    public static func watchlistJSON(_ ids: [ProductID]) -> JSONValue {
        .object(JSONObject([("product_ids", .array(ids.map { .int(Int64($0.rawValue)) }))]))
    }

    /// Reads `{"product_ids":[…]}`; nil when it is not that shape or an id is out of range.
    public static func watchlist(from body: [UInt8]) -> [ProductID]? {
        guard let json = try? JSONValue.parse(body), let elements = json["product_ids"]?.arrayValue else { return nil }
        var ids: [ProductID] = []
        for element in elements {
            guard let id = element.intValue, productIDs.contains(id) else { return nil }
            ids.append(ProductID(Int(id)))
        }
        return ids
    }

    /// `{"ok":true}`.
    public static let okBody: [UInt8] = Array("{\"ok\":true}".utf8)

    /// `{"error": ..., "reason"?: ...}`.
    public static func errorBody(_ message: String, reason: String? = nil) -> [UInt8] {
        var members: [(String, JSONValue)] = [("error", .string(message))]
        if let reason { members.append(("reason", .string(reason))) }
        return JSONValue.object(JSONObject(members)).serialized()
    }

    /// The `reason` and `error` of a failure body (each nil when absent).
    public static func failure(from body: [UInt8]) -> (reason: String?, message: String?) {
        guard let json = try? JSONValue.parse(body) else { return (nil, nil) }
        return (json["reason"]?.stringValue, json["error"]?.stringValue)
    }

    private static func price(_ value: JSONValue?) -> Money? {
        guard let number = value?.intValue, prices.contains(number) else { return nil }
        return Money(number)
    }

    /// `.some(nil)` for an absent or null member, `.some(value)` when `read` accepts it, nil when it does not.
    private static func optional<T>(_ value: JSONValue?, _ read: (JSONValue?) -> T?) -> T?? {
        guard let value, !value.isNull else { return .some(nil) }
        guard let read = read(value) else { return nil }
        return .some(read)
    }
}
