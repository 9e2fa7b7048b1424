import AuctionCore
import Glibc

/// The real time of day (`clock_gettime(CLOCK_REALTIME)`), for auction times and logs.
public enum WallClock {
    /// Now, in milliseconds since the Unix epoch.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(millisecondsSinceEpoch: Int64(spec.tv_sec) * 1_000 + Int64(spec.tv_nsec) / 1_000_000)
    }
}
