/// Identifies a timer scheduled on an `EventLoop`, for `cancel`.
public struct TimerID: Hashable, Sendable {
    /// The loop-unique number of the timer.
    public let rawValue: UInt64

    /// Wraps a timer number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}
