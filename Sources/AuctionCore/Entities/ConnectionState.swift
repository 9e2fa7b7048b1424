/// The state of the client's socket connection, as the UI shows it.
public enum ConnectionState: Hashable, Sendable {
    /// The first connection attempt is under way.
    case connecting
    /// Connected; requests flow.
    case connected
    /// The connection dropped; the next attempt is in this many milliseconds.
    case reconnecting(inMilliseconds: Int)
    /// Closed for good (the user quit, or reconnecting was given up).
    case closed

    /// Words for a status line, e.g. `reconnecting in 2 s`.
    public var summary: String {
        switch self {
        case .connecting: "connecting"
        case .connected: "connected"
        case .reconnecting(let ms): "reconnecting in \((ms + 999) / 1000) s"
        case .closed: "closed"
        }
    }
}
