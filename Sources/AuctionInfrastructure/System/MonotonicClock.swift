import Glibc

/// The monotonic clock (`CLOCK_MONOTONIC`): never jumps with wall-clock changes.
public enum MonotonicClock {
    /// Milliseconds since an arbitrary fixed point (`clock_gettime(CLOCK_MONOTONIC)`).
    public static func milliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Nanoseconds since an arbitrary fixed point (`clock_gettime(CLOCK_MONOTONIC)`).
    public static func nanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }
}
