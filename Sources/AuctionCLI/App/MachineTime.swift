import AuctionCore
import AuctionInfrastructure

/// The one time format of `--json`: RFC 3339 in UTC with milliseconds (`2026-12-05T05:30:41.000Z`).
/// The wire (and so the DTOs the CLI prints) carries epoch milliseconds; they are rewritten here, once.
public enum MachineTime {
    /// The members that hold a point in time wherever they appear (`notifications`' `time`, `mine`'s
    /// `end_time`, a report's `created_at`, a suspension's `until`, …).
    public static let keys: Set<String> = [
        "time", "end_time", "ends_at", "created_at", "resolved_at", "expires_at", "listed_at", "until", "was_until",
    ]

    /// `2026-12-05T05:30:41.000Z`.
    public static func text(_ time: Timestamp) -> String { time.description }

    /// `value` with every whole number under one of `keys` (epoch milliseconds) written as RFC 3339, at any depth.
    public static func rewritten(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(var object):
            for index in object.members.indices {
                let member = object.members[index]
                if keys.contains(member.key), case .int(let milliseconds) = member.value {
                    object.members[index].value = .string(text(Timestamp(millisecondsSinceEpoch: milliseconds)))
                } else {
                    object.members[index].value = rewritten(member.value)
                }
            }
            return .object(object)
        case .array(let items):
            return .array(items.map(rewritten))
        default:
            return value
        }
    }
}
