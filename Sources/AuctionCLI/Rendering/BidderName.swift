import AuctionCore

/// A bidder's name as views show it: shortened as the server's bid history does (`bob` → `b…b`), except
/// the viewer's own name, which they see in full with `(you)`.
public enum BidderName {
    /// `name` for `viewer` (the logged-in user's name, nil when logged out).
    public static func shown(_ name: String, viewer: String?) -> String {
        if let viewer, name.lowercased() == viewer.lowercased() { return TerminalText.sanitized(name) + " (you)" }
        return TerminalText.sanitized(BidderAlias.shortened(name))
    }
}
