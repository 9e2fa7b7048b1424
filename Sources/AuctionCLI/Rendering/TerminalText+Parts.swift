/// Lines made of ` · `-separated parts that fit a width by leaving whole parts out, never by cutting one
/// (a figure such as `next bid 36,000` is shown whole or not at all).
extension TerminalText {
    /// `first`, then as many of `rest` (in order, each whole) as fit beside it while `first` keeps at least
    /// `floor` cells; `first` is cut to the room left (it is the one part that may be shortened).
    static func fitting(first: String, rest: [String], separator: String = " · ", width: Int, floor: Int) -> String {
        let keep = min(TerminalText.width(first), max(0, floor))
        var used = 0
        var kept: [String] = []
        for part in rest {
            let cost = TerminalText.width(separator) + TerminalText.width(part)
            guard keep + used + cost <= width else { continue }
            kept.append(part)
            used += cost
        }
        let head = TerminalText.truncate(first, toWidth: max(0, width - used))
        return ([head] + kept).joined(separator: separator)
    }
}
