/// Reads durations such as `1h30m`, `45m`, `2d`, `90s` or `1d12h`: one or more number-unit pairs,
/// units `d`, `h`, `m`, `s` each at most once and in that order; no signs, spaces or fractions.
public enum DurationText {
    /// The duration in seconds, or nil when `text` is not in the grammar (or absurdly long).
    public static func seconds(_ text: String) -> Int64? {
        let units: [(Character, Int64)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
        var total: Int64 = 0, number = "", nextUnit = 0, sawPair = false
        for character in text {
            if character.isASCII, character.isNumber {
                number.append(character)
                guard number.count <= 9 else { return nil }
                continue
            }
            guard !number.isEmpty, let index = units[nextUnit...].firstIndex(where: { $0.0 == character }),
                  let value = Int64(number) else { return nil }
            total += value * units[index].1
            number = ""
            nextUnit = index + 1
            sawPair = true
        }
        // Trailing digits without a unit are not a duration.
        guard sawPair, number.isEmpty else { return nil }
        return total
    }
}
