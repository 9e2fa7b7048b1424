/// Why a selling request failed: the server refused it with a reason code, or the request itself failed.
public enum LotError: Error, Hashable, Sendable {
    /// The server refused: its `reason` code (`invalid_name`, `not_seller`, `locked_by_bids`, …), its sentence and status.
    case refused(reason: String, message: String, status: Int)
    /// The request failed below the selling rules (unreachable, timed out, not logged in, unknown product, …).
    case auction(AuctionError)
}
