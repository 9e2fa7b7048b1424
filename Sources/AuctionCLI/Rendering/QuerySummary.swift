import AuctionCore

/// A discovery query in a few words for `watch`'s status line: `"lamp" · sort price · ≤ 1h left`.
public enum QuerySummary {
    /// The words, or nil for the plain catalogue (the status line stays as it was).
    public static func text(_ query: CatalogueQuery) -> String? {
        guard !query.isPlain else { return nil }
        var parts: [String] = []
        if let search = query.search { parts.append("\"" + TerminalText.truncate(TerminalText.sanitized(search), toWidth: 24) + "\"") }
        parts.append("sort " + query.sort.rawValue)
        if let seconds = query.endingWithinSeconds { parts.append("≤ \(duration(seconds)) left") }
        if let minimum = query.minimumPrice { parts.append("≥ \(minimum)") }
        if let maximum = query.maximumPrice { parts.append("≤ \(maximum)") }
        if let seller = query.seller { parts.append("seller " + TerminalText.truncate(TerminalText.sanitized(seller), toWidth: 16)) }
        if query.status != .open { parts.append(query.status.rawValue) }
        return parts.joined(separator: " · ")
    }

    /// `1h30m`, `45m`, `2d`, `90s` → as typed, largest units first.
    static func duration(_ seconds: Int64) -> String {
        var rest = seconds
        var out = ""
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] as [(String, Int64)] where rest >= size {
            out += "\(rest / size)\(unit)"
            rest %= size
        }
        return out.isEmpty ? "0s" : out
    }
}
