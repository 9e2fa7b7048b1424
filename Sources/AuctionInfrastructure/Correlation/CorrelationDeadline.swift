/// A pending request's deadline in `CorrelationTable`'s heap; ties go to the earlier registration.
struct CorrelationDeadline: Comparable, Sendable {
    /// When the request expires (monotonic milliseconds).
    var deadline: Int64
    /// The request's completion id.
    var id: Int64
    /// The registration's serial number, telling a stale heap entry from a reused id.
    var serial: UInt64

    static func < (left: CorrelationDeadline, right: CorrelationDeadline) -> Bool {
        left.deadline != right.deadline ? left.deadline < right.deadline : left.serial < right.serial
    }
}
