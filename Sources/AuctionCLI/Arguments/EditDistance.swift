/// Suggests the nearest known word for a misspelt one ("did you mean `watch`?").
public enum EditDistance {
    /// The optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps.
    public static func between(_ a: String, _ b: String) -> Int {
        let s = Array(a.lowercased()), t = Array(b.lowercased())
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { d[i][0] = i }
        for j in 0...t.count { d[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[s.count][t.count]
    }

    /// The candidate closest to `word`, when it is close enough to be a likely typo (or a unique prefix).
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        guard !word.isEmpty else { return nil }
        let prefixed = candidates.filter { $0.hasPrefix(word) }
        if prefixed.count == 1 { return prefixed[0] }
        let scored = candidates.map { ($0, between(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = max(1, min(2, best.0.count / 3))
        return best.1 <= allowed && best.1 < best.0.count ? best.0 : nil
    }
}
