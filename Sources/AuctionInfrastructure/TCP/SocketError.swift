/// What can go wrong with sockets and the event loop, in words a user can act on.
public enum SocketError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host name could not be resolved (`getaddrinfo`), with the resolver's reason.
    case resolve(host: String, reason: String)
    /// The port is outside 0...65535.
    case invalidPort(Int)
    /// Nobody listens at the address (`ECONNREFUSED`).
    case connectionRefused(SocketAddress)
    /// Connecting failed for another reason.
    case connect(SocketAddress, Errno)
    /// No connection was established within the timeout.
    case timedOut(SocketAddress, milliseconds: Int64)
    /// The address could not be bound or listened on.
    case bind(SocketAddress, Errno)
    /// The peer closed the connection.
    case peerClosed(SocketAddress)
    /// The peer reset the connection (`ECONNRESET`, `EPIPE`).
    case connectionReset(SocketAddress)
    /// A connection's bounded output buffer is full (the peer reads too slowly).
    case outputLimitExceeded(SocketAddress, limit: Int)
    /// The event loop was shut down while the operation was pending.
    case eventLoopShutdown
    /// A system call failed.
    case systemCall(String, Errno)
    /// The TLS handshake or a TLS record failed (not a certificate refusal); the text says why.
    case tlsHandshake(SocketAddress, String)
    /// The server's certificate was refused; the sentence says which name, which dates or which issuer.
    case tlsVerification(SocketAddress, String)

    /// A sentence describing the failure.
    public var description: String {
        switch self {
        case let .resolve(host, reason):
            return "cannot resolve host \"\(host)\": \(reason)"
        case let .invalidPort(port):
            return "invalid port \(port): use a number from 0 to 65535"
        case let .connectionRefused(address):
            return "cannot reach \(address): connection refused (is the server running?)"
        case let .connect(address, error):
            return "cannot reach \(address): \(error.phrase)"
        case let .timedOut(address, milliseconds):
            return "cannot reach \(address): no answer within \(milliseconds) ms"
        case let .bind(address, error):
            if error == .addressInUse {
                return "cannot listen on \(address): address already in use (another server running? choose another port)"
            }
            return "cannot listen on \(address): \(error.phrase)"
        case let .peerClosed(address):
            return "connection to \(address) was closed by the peer"
        case let .connectionReset(address):
            return "connection to \(address) was reset by the peer"
        case let .outputLimitExceeded(address, limit):
            return "connection to \(address) fell behind: more than \(limit) bytes waiting to be sent"
        case .eventLoopShutdown:
            return "the event loop was shut down"
        case let .systemCall(call, error):
            return "system call \(call) failed: \(error.phrase)"
        case let .tlsHandshake(address, reason):
            return "TLS with \(address) failed: \(reason)"
        case let .tlsVerification(_, sentence):
            return sentence
        }
    }
}
