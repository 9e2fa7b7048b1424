import AuctionCore
import Glibc

/// Reads a point in time as a user types it for `--ends-at`: RFC 3339 with any offset
/// (`2026-12-01T22:40:00+09:00`, `2026-12-01T13:40Z`, seconds and fractions optional), or a local
/// date and time without an offset (`2026-12-01 22:40`, `2026-12-01T22:40:30`), read in `zone`.
public enum EndTimeText {
    /// The time, or nil when `text` is none of those forms (or not a real date and time of day).
    /// - Parameters:
    ///   - text: what was typed.
    ///   - zone: the zone a time without an offset is in (the machine's, `TimeOfDay.local()`, for the CLI).
    public static func timestamp(_ text: String, zone: TimeOfDay) -> Timestamp? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
              bytes[13] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int64($1 - 0x30) }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16) else { return nil }
        var index = 16, second: Int64 = 0, milliseconds: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let value = number(17..<19) else { return nil }
            second = value
            index = 19
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                var scale: Int64 = 100, digits = 0
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    milliseconds += Int64(bytes[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { return nil }
            }
        }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60 else {
            return nil
        }
        let civil = ((daysFromCivil(year: year, month: month, day: day) * 24 + hour) * 60 + minute) * 60 + second
        let rest = bytes[index...]
        if rest.isEmpty {
            return local(civilSeconds: civil, zone: zone).map { Timestamp(millisecondsSinceEpoch: $0 * 1000 + milliseconds) }
        }
        if rest.count == 1, rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z") {
            return Timestamp(millisecondsSinceEpoch: civil * 1000 + milliseconds)
        }
        guard rest.count == 6, rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"),
              let offsetHours = number((index + 1)..<(index + 3)), bytes[index + 3] == UInt8(ascii: ":"),
              let offsetMinutes = number((index + 4)..<(index + 6)), offsetHours < 24, offsetMinutes < 60 else { return nil }
        let offset = (offsetHours * 60 + offsetMinutes) * 60
        let utc = rest.first == UInt8(ascii: "+") ? civil - offset : civil + offset
        return Timestamp(millisecondsSinceEpoch: utc * 1000 + milliseconds)
    }

    /// Seconds since the epoch of a local civil time: `mktime` (summer time decided by the zone's rules)
    /// for the machine's zone, the fixed offset otherwise.
    private static func local(civilSeconds: Int64, zone: TimeOfDay) -> Int64? {
        guard zone.followsSystemZone else { return civilSeconds - Int64(zone.utcOffsetSeconds) }
        let days = civilSeconds / 86_400, secondOfDay = civilSeconds % 86_400
        let (year, month, day) = Timestamp.civil(fromDays: days)
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(secondOfDay / 3600)
        parts.tm_min = Int32(secondOfDay / 60 % 60)
        parts.tm_sec = Int32(secondOfDay % 60)
        parts.tm_isdst = -1
        let seconds = mktime(&parts)
        return seconds == -1 ? nil : Int64(seconds)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil algorithm (years 0000–9999 here, so nothing can overflow).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
