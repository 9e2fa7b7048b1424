#if canImport(Glibc)
import Glibc
#endif

/// Formats the `Date` header (IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`) without Foundation.
public enum HTTPDate {
    /// The date for a number of seconds since the Unix epoch.
    public static func format(secondsSinceEpoch seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % 7], month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The current wall-clock time as seconds since the Unix epoch (`time(2)`).
    public static func nowSeconds() -> Int64 { Int64(time(nil)) }
}
