/// Which of several servers a client tries next (a value; no I/O): it starts with the first; after a
/// drop or a failed connect it moves on to the next, round robin. A failed connect is followed by the
/// next endpoint at once until every one has failed in a row, then by the backoff's wait.
public struct EndpointRotation: Hashable, Sendable {
    /// Every endpoint, in order (never empty).
    public let endpoints: [SocketEndpoint]
    /// The index of the endpoint in use or to try next.
    public private(set) var index = 0
    /// Connect attempts that failed in a row since the last connection.
    public private(set) var failedInRow = 0

    /// Starts with `first`; `others` follow it in order.
    public init(_ first: SocketEndpoint, then others: [SocketEndpoint] = []) {
        endpoints = [first] + others
    }

    /// The endpoint in use or to try next.
    public var current: SocketEndpoint { endpoints[index] }

    /// A connection was made: the count of failures starts over.
    public mutating func connected() { failedInRow = 0 }

    /// The connection dropped: the next attempt goes to the next endpoint (the same one when there is one).
    public mutating func dropped() { advance() }

    /// A connect attempt failed; true when the next endpoint should be tried at once, false when every
    /// endpoint has now failed in a row (wait for the backoff, or give up; the count starts over).
    public mutating func connectFailed() -> Bool {
        failedInRow += 1
        advance()
        guard failedInRow < endpoints.count else {
            failedInRow = 0
            return false
        }
        return true
    }

    private mutating func advance() {
        index = index + 1 < endpoints.count ? index + 1 : 0
    }
}
