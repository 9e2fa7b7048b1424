/// What price pushes have cost the socket service since it started (for tests and the benchmark).
public struct FanOutStatistics: Hashable, Sendable {
    /// Pushes handed to connections.
    public var pushes = 0
    /// Commit groups pushed through one shared buffer (`PushGroup`).
    public var groups = 0
    /// Connections looked at while finding the recipients of those groups.
    public var connectionsVisited = 0
    /// Connections dropped for lagging: past the output bound or the write deadline.
    public var disconnectedForLag = 0

    /// Creates zeroed counters.
    public init() {}
}
