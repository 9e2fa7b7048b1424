import AuctionCore
import AuctionInfrastructure

/// `watch --json` lines for pushes 7 and 8.
extension WatchJSON {
    /// `{"event":"end_time","time":…,"id":5,"name":…,"end_time":"2026-12-05T05:30:41.000Z","extensions":2}`.
    public static func endTime(_ product: Product, at time: Timestamp) -> [UInt8] {
        line([("event", .string("end_time")), ("time", .string(time.description)), ("id", .int(Int64(product.id.rawValue))),
              ("name", .string(product.name)), ("end_time", product.endsAt.map { .string(MachineTime.text($0)) } ?? .null),
              ("extensions", .int(Int64(product.extensions)))])
    }

    /// `{"event":"notification","time":…,"id":12,"kind":"outbid","product_id":5,…,"text":"outbid on …"}`:
    /// the push's fields (absent ones omitted) and the status line's words.
    public static func notification(_ notice: AuctionNotification, text: String, at time: Timestamp) -> [UInt8] {
        var members: [(String, JSONValue)] = [
            ("event", .string("notification")), ("time", .string(time.description)), ("id", .int(notice.id)),
            ("kind", .string(notice.kind.rawValue)), ("product_id", .int(Int64(notice.productID.rawValue))),
        ]
        if let name = notice.productName { members.append(("product_name", .string(name))) }
        if let price = notice.price { members.append(("price", .int(price.minorUnits))) }
        if let maximum = notice.maximum { members.append(("your_maximum", .int(maximum.minorUnits))) }
        members.append(("text", .string(text)))
        return line(members)
    }
}
