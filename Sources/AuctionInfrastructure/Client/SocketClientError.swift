/// Why a request sent through `SocketClient` got no reply.
public enum SocketClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No reply within the request's timeout; whether the server acted on it is unknown.
    case timedOut
    /// The connection dropped after the request was sent; whether the server acted on it is unknown.
    case disconnected
    /// The request was never sent: the server could not be reached before the timeout (the last connect error).
    case unreachable(SocketError)
    /// The client was closed; the request was not sent.
    case closed
    /// Too many requests are pending, or the connection's output buffer is full; the request was not sent.
    case overloaded

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .timedOut: "no answer from the server in time"
        case .disconnected: "the connection dropped before the answer came"
        case .unreachable(let error): error.description
        case .closed: "the connection is closed"
        case .overloaded: "too many requests at once; try again"
        }
    }
}
