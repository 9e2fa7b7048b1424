/// Whether a connection's output is moving, looked at now and then: a connection that holds output
/// and whose socket accepted no bytes between looks spanning the write deadline is stalled.
///
/// A plain value the socket service keeps per connection; the caller passes the bytes pending, the
/// socket's running count of bytes sent, and the time (milliseconds on the service's clock).
public struct OutputProgress: Sendable, Hashable {
    private var lastSentBytes = 0
    /// Since when output has been pending without any byte accepted (as first seen by a look).
    public private(set) var stalledSince: Int64?

    /// No output seen yet.
    public init() {}

    /// Takes one look; true when output has been pending, with no byte accepted, for `deadline` or longer.
    public mutating func isStalled(pendingBytes: Int, sentBytes: Int, now: Int64, deadline: Int64) -> Bool {
        defer { lastSentBytes = sentBytes }
        guard pendingBytes > 0 else {
            stalledSince = nil
            return false
        }
        guard let since = stalledSince, sentBytes == lastSentBytes else {
            stalledSince = now
            return false
        }
        let (elapsed, overflow) = now.subtractingReportingOverflow(since)
        return overflow ? now > since : elapsed >= deadline
    }
}
