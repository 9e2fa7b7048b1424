import AuctionCore
import AuctionInfrastructure

/// One row of the append-only moderation log, with names in place of user ids: as the server reads and
/// renders it (`ModerationLogReads`), and as the client reads it.
public struct ModerationLogEntry: Hashable, Sendable {
    /// The row's id (later rows have larger ids).
    public var id: Int64
    /// The moderator who acted.
    public var moderator: String
    /// The action's stored name (`remove_lot`, `suspend`, `unsuspend`, `retract_bid`, `resolve_report`).
    public var action: String
    /// The lot concerned, if any.
    public var productID: ProductID?
    /// The user acted on, if any.
    public var user: String?
    /// The bid concerned, if any.
    public var bidID: Int64?
    /// The report concerned, if any.
    public var reportID: Int64?
    /// The moderator's reason.
    public var reason: String
    /// What changed, as stored (`price_before`, `price_after`, `sessions_ended`, …).
    public var details: JSONObject
    /// When.
    public var createdAt: Timestamp

    /// An entry.
    public init(id: Int64, moderator: String, action: String, productID: ProductID? = nil, user: String? = nil, bidID: Int64? = nil,
                reportID: Int64? = nil, reason: String, details: JSONObject = JSONObject(), createdAt: Timestamp) {
        self.id = id
        self.moderator = moderator
        self.action = action
        self.productID = productID
        self.user = user
        self.bidID = bidID
        self.reportID = reportID
        self.reason = reason
        self.details = details
        self.createdAt = createdAt
    }

    /// Reads an entry; nil when it lacks `id`, `moderator`, `action`, `reason` or `created_at`, or a lot id is out of range.
    public init?(json: JSONValue) {
        guard let id = json["id"]?.intValue, let moderator = json["moderator"]?.stringValue, let action = json["action"]?.stringValue,
              let reason = json["reason"]?.stringValue, let created = json["created_at"]?.intValue else { return nil }
        let product = json["product_id"]?.intValue
        if let product, product < 1 || product > Int64(Int32.max) { return nil }
        self.init(id: id, moderator: moderator, action: action, productID: product.map { ProductID(Int($0)) },
                  user: json["user"]?.stringValue, bidID: json["bid_id"]?.intValue, reportID: json["report_id"]?.intValue,
                  reason: reason, details: json["details"]?.objectValue ?? JSONObject(), createdAt: Timestamp(millisecondsSinceEpoch: created))
    }

    /// The entry as JSON: `id`, `moderator`, `action`, `product_id`?, `user`?, `bid_id`?, `report_id`?, `reason`,
    /// `details` (the object as stored) and `created_at` (ms).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("id", .int(id)), ("moderator", .string(moderator)), ("action", .string(action))]
        if let productID { members.append(("product_id", .int(Int64(productID.rawValue)))) }
        if let user { members.append(("user", .string(user))) }
        if let bidID { members.append(("bid_id", .int(bidID))) }
        if let reportID { members.append(("report_id", .int(reportID))) }
        members += [("reason", .string(reason)), ("details", .object(details)), ("created_at", .int(createdAt.millisecondsSinceEpoch))]
        return .object(JSONObject(members))
    }
}
