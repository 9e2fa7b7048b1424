import AuctionCore
import AuctionInfrastructure

extension LotDTO {
    /// Longest winner name read from an answer (bytes of UTF-8).
    public static let maximumWinnerBytes = 1_024
    /// Most bids a row may report.
    public static let bidCounts: ClosedRange<Int64> = 0...Int64(Int32.max)

    /// `{"lots":[…]}` (what `GET /me/selling` answers and `mine --selling --json` prints).
    public static func sellingJSON(_ lots: [SellingLot]) -> JSONValue {
        .object(JSONObject([("lots", .array(lots.map { lot in
            var members: [(String, JSONValue)] = [
                ("product_id", .int(Int64(lot.productID.rawValue))), ("name", .string(lot.name)),
                ("status", .string(lot.status.rawValue)), ("bid_count", .int(Int64(lot.bidCount))),
                ("current_price", .int(lot.currentPrice.minorUnits)),
            ]
            if let met = lot.reserveMet { members.append(("reserve_met", .bool(met))) }
            if let winner = lot.winner { members.append(("winner", .string(winner))) }
            if let price = lot.finalPrice { members.append(("final_price", .int(price.minorUnits))) }
            members.append(("end_time", lot.endTime.map { .int($0.millisecondsSinceEpoch) } ?? .null))
            return .object(JSONObject(members))
        }))]))
    }

    /// Reads `{"lots":[…]}`; nil when a member is missing, of the wrong type or out of range.
    public static func selling(from body: [UInt8]) -> [SellingLot]? {
        guard let json = try? JSONValue.parse(body), let rows = json["lots"]?.arrayValue else { return nil }
        var lots: [SellingLot] = []
        for row in rows {
            guard let id = row["product_id"]?.intValue, BidderDTO.productIDs.contains(id),
                  let name = row["name"]?.stringValue, name.utf8.count <= BidderDTO.maximumNameBytes,
                  let statusText = row["status"]?.stringValue, let status = SellingLot.Status(rawValue: statusText),
                  let count = row["bid_count"]?.intValue, bidCounts.contains(count),
                  let current = price(row["current_price"]) else { return nil }
            var lot = SellingLot(productID: ProductID(Int(id)), name: name, status: status, bidCount: Int(count), currentPrice: current)
            if let met = row["reserve_met"], !met.isNull {
                guard let value = met.boolValue else { return nil }
                lot.reserveMet = value
            }
            if let winner = row["winner"], !winner.isNull {
                guard let text = winner.stringValue, text.utf8.count <= maximumWinnerBytes else { return nil }
                lot.winner = text
            }
            if let final = row["final_price"], !final.isNull {
                guard let value = price(final) else { return nil }
                lot.finalPrice = value
            }
            if let end = row["end_time"], !end.isNull {
                guard let value = end.intValue, value >= 0 else { return nil }
                lot.endTime = Timestamp(millisecondsSinceEpoch: value)
            }
            lots.append(lot)
        }
        return lots
    }

    private static func price(_ value: JSONValue?) -> Money? {
        guard let number = value?.intValue, BidderDTO.prices.contains(number) else { return nil }
        return Money(number)
    }
}
