import AuctionCore

/// How long until an auction ends, as a short column text ("3d 4h", "2h 14m", "5m 07s", "48 s").
public struct TimeLeft: Hashable, Sendable {
    /// The text to show: "ended" once the end has passed.
    public let text: String
    /// Under a minute left: shown in red where colour is allowed.
    public let isUrgent: Bool
    /// The end has passed.
    public let hasEnded: Bool

    /// The time left from `now` until `end`.
    public init(until end: Timestamp, now: Timestamp) {
        let (difference, overflow) = end.millisecondsSinceEpoch.subtractingReportingOverflow(now.millisecondsSinceEpoch)
        let remaining = overflow ? (end > now ? Int64.max : Int64.min) : difference
        guard remaining > 0 else {
            self.text = "ended"
            self.isUrgent = false
            self.hasEnded = true
            return
        }
        // Round up, so "1 s" shows until the very end and never "0 s".
        let seconds = remaining / 1000 + (remaining % 1000 == 0 ? 0 : 1)
        self.hasEnded = false
        self.isUrgent = seconds < 60
        self.text = TimeLeft.format(seconds: seconds)
    }

    private static func format(seconds: Int64) -> String {
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let days = seconds / 86_400
        let hours = seconds / 3_600 % 24
        let minutes = seconds / 60 % 60
        let secs = seconds % 60
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(two(minutes))m" }
        if minutes > 0 { return "\(minutes)m \(two(secs))s" }
        return "\(secs) s"
    }
}
