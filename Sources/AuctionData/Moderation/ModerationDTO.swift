import AuctionCore
import AuctionInfrastructure

/// The moderation and report routes' bodies, as the client sends and reads them.
public enum ModerationDTO {
    /// `{"reason": REASON}`, with `"seconds": N` when a suspension has an end.
    public static func reasonBody(_ reason: String, seconds: Int64? = nil) -> [UInt8] {
        var members: [(String, JSONValue)] = [("reason", .string(reason))]
        if let seconds { members.append(("seconds", .int(seconds))) }
        return JSONValue.object(JSONObject(members)).serialized()
    }

    /// The `message` of an action's answer (`{"changed", "message", "entry"?}`) and whether anything changed.
    public struct Answer: Hashable, Sendable {
        /// Whether the request changed anything (false: it was already so).
        public var changed: Bool
        /// The server's sentence for the moderator (unsanitised).
        public var message: String
        /// The moderation log entry written, if one was.
        public var entry: LogEntry?
        /// The whole answer, for `--json`.
        public var json: JSONValue
    }

    /// One row of the moderation log as the server renders it.
    public struct LogEntry: Hashable, Sendable {
        /// The row's id.
        public var id: Int64
        /// The moderator who acted.
        public var moderator: String
        /// The action (`remove_lot`, `suspend`, `unsuspend`, `retract_bid`, `resolve_report`).
        public var action: String
        /// The lot concerned.
        public var productID: Int64?
        /// The user acted on.
        public var user: String?
        /// The bid concerned.
        public var bidID: Int64?
        /// The report concerned.
        public var reportID: Int64?
        /// Why.
        public var reason: String
        /// What changed (`price_before`, `price_after`, …).
        public var details: JSONObject
        /// When.
        public var createdAt: Timestamp
        /// The row as sent, for `--json`.
        public var json: JSONValue
    }

    /// A user's report of a lot as the server renders it.
    public struct Report: Hashable, Sendable {
        /// The report's id.
        public var id: Int64
        /// The lot reported.
        public var productID: Int64
        /// The lot's name.
        public var productName: String
        /// Who reported it.
        public var reporter: String
        /// The reporter's reason.
        public var reason: String
        /// When it was filed.
        public var createdAt: Timestamp
        /// When it was resolved, if it was.
        public var resolvedAt: Timestamp?
        /// Who resolved it.
        public var resolvedBy: String?
        /// What was done.
        public var resolution: String?
        /// The report as sent, for `--json`.
        public var json: JSONValue
    }

    /// An action's answer, or nil when `body` lacks `changed` or `message`.
    public static func answer(from body: [UInt8]) -> Answer? {
        guard let json = try? JSONValue.parse(body), let changed = json["changed"]?.boolValue,
              let message = json["message"]?.stringValue else { return nil }
        return Answer(changed: changed, message: message, entry: json["entry"].flatMap(logEntry(from:)), json: json)
    }

    /// A log row, or nil when it lacks `id`, `moderator`, `action`, `reason` or `created_at`.
    public static func logEntry(from json: JSONValue) -> LogEntry? {
        guard let id = json["id"]?.intValue, let moderator = json["moderator"]?.stringValue, let action = json["action"]?.stringValue,
              let reason = json["reason"]?.stringValue, let created = json["created_at"]?.intValue else { return nil }
        return LogEntry(id: id, moderator: moderator, action: action, productID: json["product_id"]?.intValue,
                        user: json["user"]?.stringValue, bidID: json["bid_id"]?.intValue, reportID: json["report_id"]?.intValue,
                        reason: reason, details: json["details"]?.objectValue ?? JSONObject(),
                        createdAt: Timestamp(millisecondsSinceEpoch: created), json: json)
    }

    /// A report, or nil when it lacks `id`, `product_id`, `reporter`, `reason` or `created_at`.
    public static func report(from json: JSONValue) -> Report? {
        guard let id = json["id"]?.intValue, let product = json["product_id"]?.intValue, let reporter = json["reporter"]?.stringValue,
              let reason = json["reason"]?.stringValue, let created = json["created_at"]?.intValue else { return nil }
        return Report(id: id, productID: product, productName: json["product_name"]?.stringValue ?? "", reporter: reporter,
                      reason: reason, createdAt: Timestamp(millisecondsSinceEpoch: created),
                      resolvedAt: json["resolved_at"]?.intValue.map(Timestamp.init(millisecondsSinceEpoch:)),
                      resolvedBy: json["resolved_by"]?.stringValue, resolution: json["resolution"]?.stringValue, json: json)
    }

    /// The items of a page `{"KEY": [...], "next": ID|null}` read by `item`, and the next cursor; nil when malformed.
    public static func page<T>(from body: [UInt8], key: String, item: (JSONValue) -> T?) -> (items: [T], next: Int64?)? {
        guard let json = try? JSONValue.parse(body), let array = json[key]?.arrayValue else { return nil }
        let items = array.compactMap(item)
        guard items.count == array.count else { return nil }
        return (items, json["next"]?.intValue)
    }
}
