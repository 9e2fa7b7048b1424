import AuctionCore
import AuctionInfrastructure

/// `watch --json` lines for push 9 (lots listed onto the pages, edited, withdrawn).
extension WatchJSON {
    /// `{"event":"listed","time":…,"product":{…as list --json…}}`.
    public static func listed(_ product: Product, at time: Timestamp) -> [UInt8] {
        line([("event", .string("listed")), ("time", .string(time.description)), ("product", Self.product(product))])
    }

    /// `{"event":"edited","time":…,"product":{…}}`: the lot as it is now.
    public static func edited(_ product: Product, at time: Timestamp) -> [UInt8] {
        line([("event", .string("edited")), ("time", .string(time.description)), ("product", Self.product(product))])
    }

    /// `{"event":"withdrawn","time":…,"id":5,"name":…}` (with `"removed_reason"` when a moderator removed it).
    public static func withdrawn(_ id: ProductID, name: String, removedReason: String? = nil, at time: Timestamp) -> [UInt8] {
        line([("event", .string("withdrawn")), ("time", .string(time.description)), ("id", .int(Int64(id.rawValue))),
              ("name", .string(name))] + (removedReason.map { [("removed_reason", JSONValue.string($0))] } ?? []))
    }
}
