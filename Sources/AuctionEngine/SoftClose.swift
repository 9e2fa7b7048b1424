import AuctionCore

/// Anti-sniping: a step accepted in the last `window` before the end moves the end to
/// now + `extendBy` (never backwards), at most `maxExtensions` times. A zero window or extension disables it.
public struct SoftClose: Hashable, Sendable {
    /// How close to the end (milliseconds) a step must come to extend the auction.
    public var window: Int64
    /// How far after the step (milliseconds) the new end lies.
    public var extendBy: Int64
    /// How many extensions one auction may have; nil for no limit.
    public var maxExtensions: Int?

    /// Creates soft-close rules (negative durations count as zero).
    public init(window: Int64, extendBy: Int64, maxExtensions: Int? = nil) {
        self.window = max(0, window)
        self.extendBy = max(0, extendBy)
        self.maxExtensions = maxExtensions.map { max(0, $0) }
    }

    /// No extensions: the auction ends at its end time.
    public static let disabled = SoftClose(window: 0, extendBy: 0, maxExtensions: nil)

    /// The server's defaults: a step in the last 60 s moves the end to 120 s after it, without limit.
    public static let standard = SoftClose(window: 60_000, extendBy: 120_000, maxExtensions: nil)

    /// Whether a step can ever extend an auction.
    public var isEnabled: Bool { window > 0 && extendBy > 0 && maxExtensions != 0 }

    /// The new end time when a step accepted `now` extends an auction ending at `end` that was
    /// extended `extensions` times already; nil when it does not.
    public func extendedEnd(end: Timestamp, extensions: Int, now: Timestamp) -> Timestamp? {
        guard isEnabled, now < end, now >= end.adding(milliseconds: -window) else { return nil }
        if let maxExtensions, extensions >= maxExtensions { return nil }
        let moved = now.adding(milliseconds: extendBy)
        return moved > end ? moved : nil
    }
}
