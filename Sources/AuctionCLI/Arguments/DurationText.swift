/// Durations typed on the command line: `90s`, `45m`, `1h30m`, `2d` (units d, h, m, s, each at most once,
/// largest first); a bare number is seconds.
public enum DurationText {
    /// The duration in seconds, or nil when the text is not one (or overflows).
    public static func seconds(parsing text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 32 else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int(text) }
        let units: [(Character, Int)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
        var total = 0
        var digits = ""
        var nextUnit = 0
        for character in text.lowercased() {
            if character.isASCII && character.isNumber {
                digits.append(character)
                continue
            }
            guard let offset = units[nextUnit...].firstIndex(where: { $0.0 == character }),
                  let amount = Int(digits) else { return nil }
            let (part, overflow) = amount.multipliedReportingOverflow(by: units[offset].1)
            let (sum, sumOverflow) = total.addingReportingOverflow(part)
            guard !overflow, !sumOverflow else { return nil }
            total = sum
            digits = ""
            nextUnit = offset + 1
        }
        return digits.isEmpty ? total : nil
    }
}
