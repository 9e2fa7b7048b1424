/// The pure rules of `auction mine`: where a bidder stands on a product, and the order of the rows.
public enum MyBidRules {
    /// The bidder's status: on an open auction, leading when the latest accepted bid is theirs;
    /// on a closed one, won / lost by the recorded winner, or ended without a winner.
    /// - Parameters:
    ///   - user: the bidder asking.
    ///   - leader: the user of the product's latest accepted bid (nil: anonymous or none).
    ///   - isClosed: whether the auction's close is recorded.
    ///   - winner: the recorded winner of a closed auction (nil: no winner).
    public static func status(of user: UserID, leader: UserID?, isClosed: Bool, winner: UserID?) -> MyBidStatus {
        guard isClosed else { return leader == user ? .leading : .outbid }
        guard let winner else { return .endedNoWinner }
        return winner == user ? .won : .lost
    }

    /// The rows by time left: open auctions first, soonest end first (unknown ends last), then ended
    /// ones, most recent end first; ties by product id.
    public static func ordered(_ bids: [MyBid]) -> [MyBid] {
        bids.sorted { left, right in
            if left.status.isOpen != right.status.isOpen { return left.status.isOpen }
            switch (left.endTime, right.endTime) {
            case let (l?, r?) where l != r: return left.status.isOpen ? l < r : l > r
            case (_?, nil): return true
            case (nil, _?): return false
            default: return left.productID < right.productID
            }
        }
    }
}
