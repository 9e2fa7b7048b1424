import AuctionCore
import Glibc

/// Formats timestamps as `HH:MM:SS` in a given offset from UTC (the local zone by default).
public struct TimeOfDay: Hashable, Sendable {
    /// Seconds east of UTC.
    public var utcOffsetSeconds: Int

    /// A formatter for a fixed offset.
    public init(utcOffsetSeconds: Int) { self.utcOffsetSeconds = utcOffsetSeconds }

    /// A formatter for UTC.
    public static let utc = TimeOfDay(utcOffsetSeconds: 0)

    /// A formatter for the machine's local zone now (`localtime_r`).
    public static func local() -> TimeOfDay {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return .utc }
        return TimeOfDay(utcOffsetSeconds: parts.tm_gmtoff)
    }

    /// `HH:MM:SS` for a timestamp.
    public func format(_ timestamp: Timestamp) -> String {
        timestamp.adding(milliseconds: Int64(utcOffsetSeconds) * 1000).timeOfDay
    }
}
