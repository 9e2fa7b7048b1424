/// Counts repeated events and says when to report them: the first at once, then at most once per
/// interval, with how many happened since the last report (so a flood costs one log line a interval).
///
/// A plain value: the caller passes the time (milliseconds on any monotonic clock).
public struct ReportThrottle: Sendable, Hashable {
    /// The least time between two reports.
    public let intervalMilliseconds: Int64
    private var lastReport: Int64?
    private var unreported = 0

    /// A throttle that reports at most once per `intervalMilliseconds`.
    public init(intervalMilliseconds: Int64) {
        self.intervalMilliseconds = max(0, intervalMilliseconds)
    }

    /// Notes one event at `now`; returns how many events to report now (this one included), or nil
    /// while the last report is more recent than the interval.
    public mutating func note(now: Int64) -> Int? {
        unreported = unreported < Int.max ? unreported + 1 : Int.max
        if let lastReport {
            let (elapsed, overflow) = now.subtractingReportingOverflow(lastReport)
            if !overflow, elapsed >= 0, elapsed < intervalMilliseconds { return nil }
        }
        lastReport = now
        defer { unreported = 0 }
        return unreported
    }
}
