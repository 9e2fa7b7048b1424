/// A change of the logged-in user's standing, as the server pushes it (push 11, feature `standing`).
public enum StandingChange: Hashable, Sendable {
    /// The user's standing on a lot they bid on is now `standing` (leading, outbid, won or lost) at `price`.
    case lot(ProductID, standing: MyBidStatus, price: Money)
    /// The connection's login ended (`reason`: `suspended`, `logged_out`, `expired`): every standing shown is void.
    case loginEnded(reason: String, message: String)
}
