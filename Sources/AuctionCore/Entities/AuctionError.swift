/// What can go wrong talking to the auction house, in terms a user can act on.
public enum AuctionError: Error, Hashable, Sendable {
    /// The server could not be reached at this address; the detail says why (e.g. connection refused).
    case unreachable(address: String, detail: String)
    /// The connection dropped before the answer came; the outcome of what was asked is unknown.
    case connectionLost
    /// No answer came in time; the outcome of what was asked is unknown.
    case timedOut
    /// The server refused the request.
    case refused(RefusalReason)
    /// The server answered with something this client cannot read.
    case protocolViolation(String)
    /// No such product, image or page.
    case notFound(String)
    /// The server reported a failure (HTTP status and message).
    case server(status: Int, message: String)
}
