/// A point in time as milliseconds since the Unix epoch (UTC); the core imports no Foundation.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSinceEpoch: Int64

    /// Wraps milliseconds since the epoch.
    public init(millisecondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = millisecondsSinceEpoch }

    /// Orders points in time.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }

    /// This point moved by a number of milliseconds (saturating at the ends of `Int64`, never trapping).
    public func adding(milliseconds: Int64) -> Timestamp {
        let (sum, overflow) = millisecondsSinceEpoch.addingReportingOverflow(milliseconds)
        return Timestamp(millisecondsSinceEpoch: overflow ? (milliseconds > 0 ? Int64.max : Int64.min) : sum)
    }

    /// The civil date in UTC as `YYYY-MM-DD` (the wire's `auction_date`).
    public var calendarDate: String {
        // Floor division, written so that no value (Int64.min from a corrupt row included) can overflow.
        let days = millisecondsSinceEpoch / 86_400_000 - (millisecondsSinceEpoch % 86_400_000 < 0 ? 1 : 0)
        let (year, month, day) = Timestamp.civil(fromDays: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The time of day in UTC as `HH:MM:SS`.
    public var timeOfDay: String {
        let msOfDay = ((millisecondsSinceEpoch % 86_400_000) + 86_400_000) % 86_400_000
        let seconds = msOfDay / 1000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2023-02-01T10:00:00.000Z`.
    public var description: String {
        let ms = ((millisecondsSinceEpoch % 1000) + 1000) % 1000
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(calendarDate)T\(timeOfDay).\(msText)Z"
    }

    /// The proleptic Gregorian (year, month, day) of a day counted from 1970-01-01 (Howard Hinnant's days-to-civil).
    public static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
