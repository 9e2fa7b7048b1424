/// How a bidder's name shows in a public bid history: enough to tell bidders apart, never the whole
/// name. Five characters or more keep the first two and the last (`alice` → `al…e`); three or four
/// keep the first and the last (`bob` → `b…b`); shorter ones keep the first (`al` → `a…`).
public enum BidderAlias {
    /// The shortened form of `name` (characters, not bytes, so no character is cut in half).
    public static func shortened(_ name: String) -> String {
        let characters = Array(name)
        switch characters.count {
        case 0: return "…"
        case 1...2: return String(characters[0]) + "…"
        case 3...4: return String(characters[0]) + "…" + String(characters[characters.count - 1])
        default: return String(characters[0...1]) + "…" + String(characters[characters.count - 1])
        }
    }
}
