import AuctionCore
import AuctionInfrastructure

/// A user's report of a lot: as the server stores and renders it, and as the client reads it.
public struct ModerationReport: Hashable, Sendable {
    /// The report's id.
    public var id: Int64
    /// The lot reported.
    public var productID: ProductID
    /// The lot's name ("" when the lot is gone).
    public var productName: String
    /// Who reported it.
    public var reporter: String
    /// The reporter's reason.
    public var reason: String
    /// When it was filed.
    public var createdAt: Timestamp
    /// When a moderator resolved it, if one did.
    public var resolvedAt: Timestamp?
    /// The moderator who resolved it.
    public var resolvedBy: String?
    /// What the moderator recorded as done.
    public var resolution: String?

    /// A report.
    public init(id: Int64, productID: ProductID, productName: String, reporter: String, reason: String, createdAt: Timestamp,
                resolvedAt: Timestamp? = nil, resolvedBy: String? = nil, resolution: String? = nil) {
        self.id = id
        self.productID = productID
        self.productName = productName
        self.reporter = reporter
        self.reason = reason
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
        self.resolvedBy = resolvedBy
        self.resolution = resolution
    }

    /// Reads a report; nil when it lacks `id`, `product_id`, `reporter`, `reason` or `created_at`, or one is out of range.
    public init?(json: JSONValue) {
        guard let id = json["id"]?.intValue, let product = json["product_id"]?.intValue, product >= 1, product <= Int64(Int32.max),
              let reporter = json["reporter"]?.stringValue, let reason = json["reason"]?.stringValue,
              let created = json["created_at"]?.intValue else { return nil }
        self.init(id: id, productID: ProductID(Int(product)), productName: json["product_name"]?.stringValue ?? "", reporter: reporter,
                  reason: reason, createdAt: Timestamp(millisecondsSinceEpoch: created),
                  resolvedAt: json["resolved_at"]?.intValue.map(Timestamp.init(millisecondsSinceEpoch:)),
                  resolvedBy: json["resolved_by"]?.stringValue, resolution: json["resolution"]?.stringValue)
    }

    /// The report as JSON: `id`, `product_id`, `product_name`, `reporter`, `reason`, `created_at` (ms), and once
    /// resolved `resolved_at`, `resolved_by`, `resolution`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .int(id)), ("product_id", .int(Int64(productID.rawValue))), ("product_name", .string(productName)),
            ("reporter", .string(reporter)), ("reason", .string(reason)), ("created_at", .int(createdAt.millisecondsSinceEpoch)),
        ]
        if let resolvedAt { members.append(("resolved_at", .int(resolvedAt.millisecondsSinceEpoch))) }
        if let resolvedBy { members.append(("resolved_by", .string(resolvedBy))) }
        if let resolution { members.append(("resolution", .string(resolution))) }
        return .object(JSONObject(members))
    }
}
