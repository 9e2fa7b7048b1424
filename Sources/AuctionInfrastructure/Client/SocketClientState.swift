/// The client's connection as the UI shows it (the Data layer maps it to the core's `ConnectionState`).
public enum SocketClientState: Hashable, Sendable {
    /// Not started yet.
    case idle
    /// A connect attempt (the first, or a retry) is under way.
    case connecting
    /// Connected and the session replayed; requests flow.
    case connected
    /// The connection dropped or could not be made; the next attempt is in this many milliseconds.
    case reconnecting(inMilliseconds: Int64)
    /// Closed for good.
    case closed
}
