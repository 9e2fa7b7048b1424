import AuctionCore
import Glibc

/// Formats timestamps for screens in one zone: `HH:MM:SS`, or with the date and the zone's
/// abbreviation (`2026-12-05 14:30 KST`). `local()` follows the machine's zone (`TZ`, `localtime_r`),
/// offset and abbreviation read for each time, so a summer-time change is shown right.
public struct TimeOfDay: Hashable, Sendable {
    /// Seconds east of UTC (for `local()`, the offset now; each formatted time reads its own).
    public var utcOffsetSeconds: Int
    /// The zone's abbreviation (`KST`, `UTC`), or `+09:00` where the zone has none.
    public var zoneAbbreviation: String
    /// Whether offset and abbreviation come from `localtime_r` for each time (the machine's zone).
    public var followsSystemZone = false

    /// A formatter for a fixed offset, named `abbreviation` (`+HH:MM` when not given, `UTC` at 0).
    public init(utcOffsetSeconds: Int, zoneAbbreviation: String? = nil) {
        self.utcOffsetSeconds = utcOffsetSeconds
        self.zoneAbbreviation = zoneAbbreviation ?? TimeOfDay.offsetText(utcOffsetSeconds)
    }

    /// A formatter for UTC.
    public static let utc = TimeOfDay(utcOffsetSeconds: 0)

    /// A formatter for the machine's local zone (`TZ`, else `/etc/localtime`).
    public static func local() -> TimeOfDay {
        var clock = TimeOfDay.system(at: time(nil)) ?? .utc
        clock.followsSystemZone = true
        return clock
    }

    /// `HH:MM:SS` for a timestamp.
    public func format(_ timestamp: Timestamp) -> String {
        shifted(timestamp).timeOfDay
    }

    /// `2026-12-05 14:30 KST` (with `seconds`, `2026-12-05 14:30:41 KST`): the local date, time and zone.
    public func dateTime(_ timestamp: Timestamp, seconds: Bool = false) -> String {
        let local = shifted(timestamp)
        let time = seconds ? local.timeOfDay : String(local.timeOfDay.prefix(5))
        return "\(local.calendarDate) \(time) \(zone(at: timestamp).zoneAbbreviation)"
    }

    /// `14:30 KST`: the local time of day to the minute and the zone.
    public func minutes(_ timestamp: Timestamp) -> String {
        "\(shifted(timestamp).timeOfDay.prefix(5)) \(zone(at: timestamp).zoneAbbreviation)"
    }

    /// The fixed zone in force at `timestamp` (itself, unless it follows the system's).
    func zone(at timestamp: Timestamp) -> TimeOfDay {
        guard followsSystemZone else { return self }
        let seconds = timestamp.millisecondsSinceEpoch / 1000 - (timestamp.millisecondsSinceEpoch % 1000 < 0 ? 1 : 0)
        return TimeOfDay.system(at: time_t(truncatingIfNeeded: seconds)) ?? self
    }

    private func shifted(_ timestamp: Timestamp) -> Timestamp {
        timestamp.adding(milliseconds: Int64(zone(at: timestamp).utcOffsetSeconds) * 1000)
    }

    /// The machine's zone at `moment` (`localtime_r`): offset and abbreviation; nil when it fails.
    private static func system(at moment: time_t) -> TimeOfDay? {
        var moment = moment
        var parts = tm()
        guard localtime_r(&moment, &parts) != nil else { return nil }
        let name = parts.tm_zone.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        // Zones without a name of their own (`Etc/GMT-9`) abbreviate as `+09`: print the offset in full.
        let named = name.flatMap { $0.first?.isLetter == true ? $0 : nil }
        return TimeOfDay(utcOffsetSeconds: parts.tm_gmtoff, zoneAbbreviation: named)
    }

    /// `+09:00`, `-05:30`, or `UTC` for 0.
    static func offsetText(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return (seconds < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }
}
