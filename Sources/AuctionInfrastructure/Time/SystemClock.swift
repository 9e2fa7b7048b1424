import Glibc

/// The kernel's clocks: `CLOCK_MONOTONIC` for timers and deadlines, `CLOCK_REALTIME` for the time of day.
public struct SystemClock: TimeSource {
    /// The real clock.
    public init() {}

    /// Milliseconds since an arbitrary fixed point (`clock_gettime(CLOCK_MONOTONIC)`).
    public func monotonicMilliseconds() -> Int64 { MonotonicClock.milliseconds() }

    /// Milliseconds since the Unix epoch (`clock_gettime(CLOCK_REALTIME)`).
    public func wallMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
