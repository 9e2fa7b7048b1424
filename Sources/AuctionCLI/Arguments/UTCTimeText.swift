import AuctionCore

/// Reads a point in time written as ISO 8601 in UTC: `2026-12-01T18:00Z` or `2026-12-01T18:00:30Z`.
public enum UTCTimeText {
    /// The time, or nil when `text` is not exactly that form (with a valid date and time of day).
    public static func timestamp(_ text: String) -> Timestamp? {
        let bytes = Array(text.utf8)
        guard bytes.count == 17 || bytes.count == 20, bytes.last == UInt8(ascii: "Z"),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            guard bytes[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int64($1 - 0x30) }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16) else { return nil }
        var second: Int64 = 0
        if bytes.count == 20 {
            guard bytes[16] == UInt8(ascii: ":"), let value = number(17..<19) else { return nil }
            second = value
        }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60 else {
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Timestamp(millisecondsSinceEpoch: ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1_000)
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
