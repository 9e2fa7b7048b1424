/// When a new lot's auction ends: after a duration from now, or at a point in time.
public enum LotEnding: Hashable, Sendable {
    /// This many seconds after the server lists it.
    case after(seconds: Int64)
    /// At this point in time.
    case at(Timestamp)
}
