import AuctionCore

extension Timestamp {
    /// Parses ISO 8601 date-times as the original backend sends them (`2023-02-01T10:00:00.000Z`;
    /// also without fraction, with `±HH:MM` offsets, or a plain `YYYY-MM-DD` date); nil otherwise.
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[from..<(from + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), bytes.count >= 10, bytes[4] == 0x2D, let month = number(5, 2),
              bytes[7] == 0x2D, let day = number(8, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var ms = Timestamp.days(year: year, month: month, day: day) * 86_400_000
        guard bytes.count > 10 else {
            self.init(millisecondsSinceEpoch: ms)
            return
        }
        guard bytes[10] == 0x54 || bytes[10] == 0x20, let hour = number(11, 2), bytes.count > 13, bytes[13] == 0x3A,
              let minute = number(14, 2), bytes.count > 16, bytes[16] == 0x3A, let second = number(17, 2),
              hour < 24, minute < 60, second < 61 else { return nil }
        ms += ((hour * 60 + minute) * 60 + second) * 1000
        var index = 19
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            var scale: Int64 = 100
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                ms += Int64(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
        }
        if index == bytes.count || (index + 1 == bytes.count && (bytes[index] == 0x5A || bytes[index] == 0x7A)) {
            self.init(millisecondsSinceEpoch: ms)
            return
        }
        guard index + 6 == bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D,
              let offsetHours = number(index + 1, 2), bytes[index + 3] == 0x3A, let offsetMinutes = number(index + 4, 2) else {
            return nil
        }
        let offset = (offsetHours * 60 + offsetMinutes) * 60_000
        self.init(millisecondsSinceEpoch: bytes[index] == 0x2B ? ms - offset : ms + offset)
    }

    // Howard Hinnant's days-from-civil algorithm.
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
