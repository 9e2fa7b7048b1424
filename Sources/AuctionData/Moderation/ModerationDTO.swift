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

    /// An action's answer (`{"changed", "message", "entry"?}` or `{…, "entry_id"?}`).
    public struct Answer: Hashable, Sendable {
        /// Whether the request changed anything (false: it was already so).
        public var changed: Bool
        /// The server's sentence for the moderator (unsanitised).
        public var message: String
        /// The moderation log entry written, if one was and the answer carries it whole.
        public var entry: ModerationLogEntry?
        /// The id of the log entry written, if one was (`entry.id`, or the answer's `entry_id`).
        public var entryID: Int64?
    }

    /// An action's answer, or nil when `body` lacks `changed` or `message`; the entry's id from `entry` or `entry_id`.
    public static func answer(from body: [UInt8]) -> Answer? {
        guard let json = try? JSONValue.parse(body), let changed = json["changed"]?.boolValue,
              let message = json["message"]?.stringValue else { return nil }
        let entry = json["entry"].flatMap(ModerationLogEntry.init(json:))
        return Answer(changed: changed, message: message, entry: entry, entryID: entry?.id ?? json["entry_id"]?.intValue)
    }

    /// The items of a page `{"KEY": [...], "next": ID|null}` read by `item`, and the next cursor; nil when malformed.
    public static func page<T>(from body: [UInt8], key: String, item: (JSONValue) -> T?) -> (items: [T], next: Int64?)? {
        guard let json = try? JSONValue.parse(body), let array = json[key]?.arrayValue else { return nil }
        let items = array.compactMap(item)
        guard items.count == array.count else { return nil }
        return (items, json["next"]?.intValue)
    }
}
