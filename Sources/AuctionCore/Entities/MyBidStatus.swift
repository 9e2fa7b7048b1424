/// Where a bidder stands on a product they bid on (`auction mine`, `GET /me/bids`).
public enum MyBidStatus: String, Hashable, Sendable, CaseIterable {
    /// The auction is open and the bidder's bid is the latest accepted one.
    case leading
    /// The auction is open and someone else's bid is the latest.
    case outbid
    /// The auction ended and the bidder won it.
    case won
    /// The auction ended and someone else won it.
    case lost
    /// The auction ended without a winner (e.g. the reserve was not met).
    case endedNoWinner = "ended_no_winner"

    /// Whether the auction is still open.
    public var isOpen: Bool { self == .leading || self == .outbid }
}
