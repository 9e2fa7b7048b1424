import AuctionCore

/// Lots refreshed from a shared store by the cluster feed: bids decided on other nodes become this
/// book's state (through `refresh(_:)`, the conflict path's entry point), closes are adopted once.
extension AuctionBook {
    /// What adopting a stored lot changed.
    public struct Adoption: Hashable, Sendable {
        /// The lot's 1-based position (which list states see it).
        public var position: Int
        /// The new end time when the stored one differs from the book's.
        public var movedEnd: Timestamp?
    }

    /// Takes a lot's stored state (`refresh(_:)`) and the bids accepted elsewhere since this book
    /// last knew it (oldest first), whose bidders join the lot's. The lot's closed state is left to
    /// `adoptClose` (so a close is announced once). Nil for an unknown or withdrawn lot.
    public mutating func adopt(_ stored: LotRefresh, bids: [AcceptedBid]) -> Adoption? {
        guard let index = indexByID[stored.productID], !lots[index].isWithdrawn else { return nil }
        let endBefore = lots[index].endsAt
        var kept = stored
        kept.isClosed = lots[index].isClosed
        refresh(kept)
        for bid in bids { if let bidder = bid.bidder { lots[index].bidders.insert(bidder) } }
        return Adoption(position: index + 1, movedEnd: stored.endsAt != endBefore ? stored.endsAt : nil)
    }

    /// Closes a lot another node closed (its close is recorded in the store); returns the closing to
    /// announce, or nil when the book had closed it already (announced once) or does not know it.
    public mutating func adoptClose(_ id: ProductID, finalPrice: Money, winner: UserID?, endedAt: Timestamp) -> AuctionClosing? {
        guard let index = indexByID[id], !lots[index].isClosed else { return nil }
        lots[index].isClosed = true
        lots[index].uncommitted.removeAll()
        lots[index].price = finalPrice
        lots[index].leader = winner
        let lot = lots[index]
        pruneEndQueue()
        return AuctionClosing(productID: id, position: index + 1, finalPrice: finalPrice, winner: winner, endedAt: endedAt,
                              reserveMet: lot.reserveMet, bought: lot.isBought, bidders: lot.bidders.sorted { $0.rawValue < $1.rawValue },
                              hadBids: lot.hasBids)
    }

    /// The closing of a lot this book has already closed, with the store's final price and winner
    /// (a node whose book saw the end but did not hold the closing duty announces it from the
    /// store's record); nil when the lot is unknown or still open.
    public func closing(ofClosed id: ProductID, finalPrice: Money, winner: UserID?, endedAt: Timestamp) -> AuctionClosing? {
        guard let index = indexByID[id], lots[index].isClosed else { return nil }
        let lot = lots[index]
        return AuctionClosing(productID: id, position: index + 1, finalPrice: finalPrice, winner: winner, endedAt: endedAt,
                              reserveMet: lot.reserveMet, bought: lot.isBought, bidders: lot.bidders.sorted { $0.rawValue < $1.rawValue },
                              hadBids: lot.hasBids)
    }
}
